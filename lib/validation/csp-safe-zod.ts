import { z } from "zod";

// zod 4 probes `new Function` to decide whether to compile fast parsers. Our CSP has no 'unsafe-eval',
// so in the browser that probe is a blocked eval reported as a CSP issue. The interpreted path is fast
// enough for form-sized objects.
z.config({ jitless: true });
