/** A failure the developer can act on: the bin prints its message as one line, without a stack trace. */
export class StackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StackError";
  }
}
