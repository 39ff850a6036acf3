import Foundation

/// Prints a command's progress: sentences for a person, or JSON lines under `--json`.
struct Narrator: Sendable {
    let json: Bool

    /// Reports one step: a short machine name, a sentence, and details for JSON output (strings, and numbers as
    /// JSON numbers).
    func step(_ name: String, _ sentence: String, _ details: [String: Any] = [:]) {
        if json {
            var object = details
            object["step"] = name
            object["message"] = sentence
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(sentence)
        }
        fflush(nil)
    }
}

extension Array where Element == UInt8 {
    /// The bytes as lowercase hex.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
