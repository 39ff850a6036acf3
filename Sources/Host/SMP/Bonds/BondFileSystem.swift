import Glibc

/// The POSIX calls the bond store needs: whole-file reads, crash-safe replacement, and directory creation.
enum BondFileSystem {
    /// The largest bond file read; a bigger one counts as damaged rather than filling memory.
    static let maximumFileSize = 16 << 20

    /// Reads a whole file; nil if it does not exist.
    static func read(_ path: String) throws(BondStoreError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .fileSystem(path: path, operation: "open", errno: errno)
        }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .fileSystem(path: path, operation: "read", errno: errno) }
            guard count > 0 else { return contents }
            contents += chunk[..<count]
            guard contents.count <= maximumFileSize else {
                throw .fileSystem(path: path, operation: "read", errno: EFBIG)
            }
        }
    }

    /// Replaces `path` so that a crash leaves either the old or the new contents: writes a temporary file in the
    /// same directory with mode 0600, syncs it, renames it over `path`, then syncs the directory.
    static func replace(_ path: String, in directory: String, with contents: [UInt8]) throws(BondStoreError) {
        let crash = ReplaceInterruption.planned(for: path)
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .fileSystem(path: temporary, operation: "create", errno: errno) }
        do throws(BondStoreError) {
            defer { close(descriptor) }
            guard fchmod(descriptor, 0o600) == 0 else {
                throw .fileSystem(path: temporary, operation: "chmod", errno: errno)
            }
            if crash == .created { return }
            try writeAll(
                crash == .halfWritten ? Array(contents.prefix(contents.count / 2)) : contents, to: descriptor,
                path: temporary)
            if crash == .halfWritten || crash == .written { return }
            guard fsync(descriptor) == 0 else { throw .fileSystem(path: temporary, operation: "sync", errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        if crash == .synced { return }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .fileSystem(path: path, operation: "rename over", errno: code)
        }
        if crash == .renamed { return }
        try syncDirectory(directory)
    }

    /// Removes the temporary files a process that died while replacing `path` left beside it (`<path>.tmp-<pid>`
    /// of a process no longer running); the file itself was never touched by them.
    static func removeStaleTemporaries(of path: String, in directory: String) {
        let prefix = path.split(separator: "/").last.map { "\($0).tmp-" } ?? ""
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink("\(directory)/\(name)")
        }
    }

    /// Renames a file.
    static func move(_ path: String, to destination: String) throws(BondStoreError) {
        guard rename(path, destination) == 0 else {
            throw .fileSystem(path: path, operation: "rename", errno: errno)
        }
    }

    /// Whether anything exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Creates a directory and its missing parents, each with mode 0700.
    static func makeDirectory(_ path: String) throws(BondStoreError) {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0, errno != EEXIST {
                throw .fileSystem(path: partial, operation: "create directory", errno: errno)
            }
        }
    }

    /// Flushes a directory's entries, so that a rename in it survives a crash.
    static func syncDirectory(_ path: String) throws(BondStoreError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileSystem(path: path, operation: "open directory", errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .fileSystem(path: path, operation: "sync directory", errno: errno) }
    }

    private static func writeAll(_ contents: [UInt8], to descriptor: Int32, path: String) throws(BondStoreError) {
        var offset = 0
        while offset < contents.count {
            let count = contents[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .fileSystem(path: path, operation: "write", errno: errno) }
            offset += count
        }
    }
}
