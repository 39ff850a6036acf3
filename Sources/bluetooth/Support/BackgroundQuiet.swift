import Glibc

/// Whether a line of routine output (`serve`'s notifications) is printed: not while the process runs in the
/// background of the terminal its output goes to, where a line per notification would flood what the user does in
/// the foreground. The first line held back is replaced by a note saying so, once per stay in the background.
struct BackgroundQuiet {
    /// The note printed in place of the first line held back.
    static let note = "(running in the background: notifications are no longer printed; 'fg' shows them again)"

    /// Whether lines are being held back now.
    private var holding = false

    /// What to print for `line`, given whether the process is now in the background: the line, the note in its
    /// place, or nothing.
    mutating func admit(_ line: String, inBackground: Bool) -> String? {
        guard inBackground else {
            holding = false
            return line
        }
        guard !holding else { return nil }
        holding = true
        return Self.note
    }

    /// Whether standard output is a terminal whose foreground process group is not this process's.
    static var standardOutputInBackground: Bool {
        let foreground = tcgetpgrp(STDOUT_FILENO)
        return foreground != -1 && foreground != getpgrp()
    }
}
