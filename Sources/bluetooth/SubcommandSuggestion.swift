import ArgumentParser

/// "Did you mean …?" for a subcommand name that is not one (`bluetooth scna`, `bluetooth bonds lst`).
enum SubcommandSuggestion {
    /// The line to add to a usage error when `arguments` (without the program's name) walk down the commands under
    /// `root` to a word that names none of the next level's subcommands but is close to one; nil otherwise.
    static func line(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root._commandName]
        for argument in arguments where !argument.hasPrefix("-") {
            let children = command.configuration.subcommands
            guard !children.isEmpty else { return nil }
            if let child = children.first(where: { $0._commandName == argument }) {
                command = child
                path.append(argument)
                continue
            }
            let ranked = children.map { ($0._commandName, distance($0._commandName, argument.lowercased())) }
                .filter { $0.1 <= 2 }
                .sorted { $0.1 < $1.1 }
            guard let best = ranked.first?.0 else { return nil }
            return "Did you mean '\((path + [best]).joined(separator: " "))'?"
        }
        return nil
    }

    /// The Levenshtein distance: how many characters to insert, delete or replace to turn `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, characterOfA) in a.enumerated() {
            var current = [i + 1]
            for (j, characterOfB) in b.enumerated() {
                current.append(
                    min(previous[j + 1] + 1, current[j] + 1, previous[j] + (characterOfA == characterOfB ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
