import Foundation
import Testing

/// docs/development/architecture.md is the map of the house; these checks keep it true as the code moves.
@Suite("docs/development/architecture.md names only what exists")
struct ArchitectureMapTests {
    static let map = Examples.root.appendingPathComponent("docs/development/architecture.md")

    /// Every match of `pattern`'s first capture group in `text`, once each.
    static func captures(_ pattern: String, in text: String) throws -> Set<String> {
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            expression.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
    }

    /// Every Swift file under a directory of the repository.
    static func swiftFiles(under directory: String) -> [URL] {
        let root = Examples.root.appendingPathComponent(directory)
        let paths = FileManager.default.subpaths(atPath: root.path) ?? []
        return paths.filter { $0.hasSuffix(".swift") }.map { root.appendingPathComponent($0) }
    }

    @Test("every path it names is in the repository")
    func pathsExist() throws {
        let text = try String(contentsOf: Self.map, encoding: .utf8)
        let paths = try Self.captures(#"`((?:Sources|Tests|Examples|Fuzz)(?:/[A-Za-z0-9_+.\-]+)*)`"#, in: text)
        #expect(paths.count > 30)
        for path in paths.sorted() {
            let exists = FileManager.default.fileExists(atPath: Examples.root.appendingPathComponent(path).path)
            #expect(exists, "docs/development/architecture.md names \(path), which is not in the repository")
        }
    }

    @Test("every module and owner it names in bold is a target of Package.swift or a type in the sources")
    func ownersExist() throws {
        let text = try String(contentsOf: Self.map, encoding: .utf8)
        let names = try Self.captures(#"\*\*([A-Za-z][A-Za-z0-9]*)\*\*"#, in: text)
        #expect(names.count > 40)
        let package = try String(contentsOf: Examples.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = try Self.captures(#"name: "([A-Za-z0-9]+)""#, in: package)
        var declared: Set<String> = []
        for file in Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests") {
            let source = try String(contentsOf: file, encoding: .utf8)
            declared.formUnion(
                try Self.captures(#"(?:class|struct|actor|enum|protocol) ([A-Za-z][A-Za-z0-9]*)"#, in: source))
        }
        for name in names.sorted() {
            #expect(
                targets.contains(name) || declared.contains(name),
                "docs/development/architecture.md names \(name), which is neither a module nor a type")
        }
    }
}
