import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";
import { site } from "@/lib/site";

// Inline styles: mail clients ignore stylesheets. Colours are the site's ocean palette.
const styles = {
  body: {
    backgroundColor: "#f1f5f9",
    fontFamily: "Helvetica, Arial, sans-serif",
    margin: 0,
    padding: "24px 0",
  },
  container: {
    backgroundColor: "#ffffff",
    borderRadius: "12px",
    margin: "0 auto",
    maxWidth: "560px",
    padding: "32px",
  },
  brand: { color: "#075985", fontSize: "14px", fontWeight: 700, letterSpacing: "0.04em", margin: "0 0 16px" },
  heading: { color: "#0c4a6e", fontSize: "22px", lineHeight: "1.3", margin: "0 0 16px" },
  button: {
    backgroundColor: "#0369a1",
    borderRadius: "8px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "16px",
    fontWeight: 700,
    padding: "12px 20px",
    textDecoration: "none",
  },
  footer: { color: "#475569", fontSize: "13px", lineHeight: "1.5", margin: "0 0 8px" },
  link: { color: "#075985" },
} as const;

export const textStyle = {
  color: "#1e293b",
  fontSize: "16px",
  lineHeight: "1.55",
  margin: "0 0 16px",
} as const;

export type EmailFrame = {
  /** Shown by mail clients beside the subject. */
  preview: string;
  heading: string;
  action: { label: string; href: string };
  /** Why this person gets this e-mail, completing "You get this e-mail because …". */
  reason: string;
  /** Both absent for an e-mail sent once on request (a register-interest confirmation). */
  unsubscribe?: { label: string; href: string };
  settingsHref?: string;
};

/** The frame of every notification e-mail: brand, heading, the message, one button, why and how to stop. */
export function EmailLayout({ frame, children }: { frame: EmailFrame; children: ReactNode }) {
  return (
    <Html lang="en-AU">
      <Head />
      <Preview>{frame.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{site.name}</Text>
          <Heading as="h1" style={styles.heading}>
            {frame.heading}
          </Heading>
          {children}
          <Section style={{ margin: "8px 0 24px" }}>
            <Button href={frame.action.href} style={styles.button}>
              {frame.action.label}
            </Button>
          </Section>
          <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 16px" }} />
          <Text style={styles.footer}>You get this e-mail because {frame.reason}.</Text>
          {frame.unsubscribe && frame.settingsHref ? (
            <Text style={styles.footer}>
              <Link href={frame.unsubscribe.href} style={styles.link}>
                {frame.unsubscribe.label}
              </Link>
              {" · "}
              <Link href={frame.settingsHref} style={styles.link}>
                E-mail settings
              </Link>
            </Text>
          ) : null}
          <Text style={styles.footer}>
            {site.name}, {site.addressLine}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
