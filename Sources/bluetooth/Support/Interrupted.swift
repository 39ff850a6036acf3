/// Thrown out of a command when the user pressed Ctrl-C (or the process got SIGTERM) after the command let go of
/// what it held; `bluetooth` then exits with status 0, as for a command that ran to its end.
struct Interrupted: Error {}
