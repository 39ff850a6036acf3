import CDBus

/// A libdbus message this module holds one reference to; released when the wrapper goes.
///
/// libdbus messages may be used from any thread once built; a message is only read or answered, never changed
/// after it is sent.
final class DBusMessage: @unchecked Sendable {
    let api: CDBusAPI
    let raw: OpaquePointer

    /// Takes over a reference the caller owns.
    init(api: CDBusAPI, adopting raw: OpaquePointer) {
        self.api = api
        self.raw = raw
    }

    /// Takes a new reference to a message libdbus lends.
    init(api: CDBusAPI, retaining raw: OpaquePointer) {
        self.api = api
        self.raw = api.message_ref(raw)
    }

    deinit {
        api.message_unref(raw)
    }

    /// A method call; nil when libdbus refuses the names or is out of memory.
    static func methodCall(
        api: CDBusAPI, destination: String, path: String, interface: String, member: String, arguments: [DBusValue]
    ) -> DBusMessage? {
        guard let raw = api.message_new_method_call(destination, path, interface, member) else { return nil }
        let message = DBusMessage(api: api, adopting: raw)
        return message.append(arguments) ? message : nil
    }

    /// A reply carrying `arguments` to this method call.
    func methodReturn(_ arguments: [DBusValue]) -> DBusMessage? {
        guard let raw = api.message_new_method_return(raw) else { return nil }
        let message = DBusMessage(api: api, adopting: raw)
        return message.append(arguments) ? message : nil
    }

    /// An error reply to this method call.
    func errorReply(name: String, text: String) -> DBusMessage? {
        api.message_new_error(raw, name, text).map { DBusMessage(api: api, adopting: $0) }
    }

    /// A signal from `path`.
    static func signal(
        api: CDBusAPI, path: String, interface: String, member: String, arguments: [DBusValue]
    )
        -> DBusMessage?
    {
        guard let raw = api.message_new_signal(path, interface, member) else { return nil }
        let message = DBusMessage(api: api, adopting: raw)
        return message.append(arguments) ? message : nil
    }

    var type: Int32 { api.message_get_type(raw) }
    /// Whether the sender asked for no reply (bluetoothd's `WriteValue` of a characteristic that takes writes without
    /// response): the bus refuses a reply to it.
    var expectsNoReply: Bool { api.message_get_no_reply(raw) != 0 }
    var path: String? { api.message_get_path(raw).map { String(cString: $0) } }
    var interface: String? { api.message_get_interface(raw).map { String(cString: $0) } }
    var member: String? { api.message_get_member(raw).map { String(cString: $0) } }
    var sender: String? { api.message_get_sender(raw).map { String(cString: $0) } }

    /// The message's arguments.
    var arguments: [DBusValue] {
        var iterator = CDBusMessageIter()
        guard api.message_iter_init(raw, &iterator) != 0 else { return [] }
        return DBusMessage.readAll(api: api, &iterator)
    }

    private func append(_ arguments: [DBusValue]) -> Bool {
        var iterator = CDBusMessageIter()
        api.message_iter_init_append(raw, &iterator)
        return arguments.allSatisfy { DBusMessage.write($0, api: api, into: &iterator) }
    }
}

extension DBusMessage {
    /// Reads every value from the iterator's position to its end.
    static func readAll(api: CDBusAPI, _ iterator: inout CDBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while api.message_iter_get_arg_type(&iterator) != 0 {
            if let value = read(api: api, &iterator) { values.append(value) }
            _ = api.message_iter_next(&iterator)
        }
        return values
    }

    private static func basic<T: BitwiseCopyable>(
        api: CDBusAPI, _ iterator: inout CDBusMessageIter, as type: T.Type
    ) -> T {
        var slot: UInt64 = 0
        api.message_iter_get_basic(&iterator, &slot)
        return withUnsafeBytes(of: &slot) { $0.load(as: T.self) }
    }

    private static func text(api: CDBusAPI, _ iterator: inout CDBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        api.message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }

    private static func read(api: CDBusAPI, _ iterator: inout CDBusMessageIter) -> DBusValue? {
        let type = api.message_iter_get_arg_type(&iterator)
        switch UInt8(truncatingIfNeeded: type) {
        case UInt8(ascii: "y"): return .byte(basic(api: api, &iterator, as: UInt8.self))
        case UInt8(ascii: "b"): return .boolean(basic(api: api, &iterator, as: UInt32.self) != 0)
        case UInt8(ascii: "n"): return .int16(basic(api: api, &iterator, as: Int16.self))
        case UInt8(ascii: "q"): return .uint16(basic(api: api, &iterator, as: UInt16.self))
        case UInt8(ascii: "i"): return .int32(basic(api: api, &iterator, as: Int32.self))
        case UInt8(ascii: "u"): return .uint32(basic(api: api, &iterator, as: UInt32.self))
        case UInt8(ascii: "h"):
            let descriptor = basic(api: api, &iterator, as: Int32.self)
            return descriptor < 0 ? nil : .unixFD(BlueZFileDescriptor(adopting: descriptor))
        case UInt8(ascii: "x"): return .int64(basic(api: api, &iterator, as: Int64.self))
        case UInt8(ascii: "t"): return .uint64(basic(api: api, &iterator, as: UInt64.self))
        case UInt8(ascii: "d"): return .double(basic(api: api, &iterator, as: Double.self))
        case UInt8(ascii: "s"): return .string(text(api: api, &iterator))
        case UInt8(ascii: "o"): return .objectPath(text(api: api, &iterator))
        case UInt8(ascii: "g"): return .signature(text(api: api, &iterator))
        case UInt8(ascii: "v"):
            var inner = CDBusMessageIter()
            api.message_iter_recurse(&iterator, &inner)
            return readAll(api: api, &inner).first.map(DBusValue.variant)
        case UInt8(ascii: "r"):
            var inner = CDBusMessageIter()
            api.message_iter_recurse(&iterator, &inner)
            return .structure(readAll(api: api, &inner))
        case UInt8(ascii: "a"):
            var inner = CDBusMessageIter()
            api.message_iter_recurse(&iterator, &inner)
            let elements = readAll(api: api, &inner)
            let pairs = elements.compactMap { element -> DBusDictionaryEntry? in
                guard case .dictionaryEntry(let key, let value) = element else { return nil }
                return DBusDictionaryEntry(key: key, value: value)
            }
            if !elements.isEmpty, pairs.count == elements.count {
                return .dictionary(key: pairs[0].key.signature, value: pairs[0].value.signature, pairs)
            }
            return .array(element: elements.first?.signature ?? "", elements)
        case UInt8(ascii: "e"):
            var inner = CDBusMessageIter()
            api.message_iter_recurse(&iterator, &inner)
            let fields = readAll(api: api, &inner)
            guard fields.count == 2 else { return nil }
            return .dictionaryEntry(fields[0], fields[1])
        default:
            return nil
        }
    }

    /// Appends one value; false when libdbus refuses it.
    static func write(_ value: DBusValue, api: CDBusAPI, into iterator: inout CDBusMessageIter) -> Bool {
        func put<T: BitwiseCopyable>(_ type: Character, _ value: T) -> Bool {
            var copy = value
            return api.message_iter_append_basic(&iterator, Int32(type.asciiValue!), &copy) != 0
        }
        func putText(_ type: Character, _ text: String) -> Bool {
            text.withCString { pointer in
                var copy: UnsafePointer<CChar>? = pointer
                return api.message_iter_append_basic(&iterator, Int32(type.asciiValue!), &copy) != 0
            }
        }
        func container(_ type: Character, _ signature: String?, _ children: [DBusValue]) -> Bool {
            var inner = CDBusMessageIter()
            let opened: Bool =
                if let signature {
                    signature.withCString {
                        api.message_iter_open_container(&iterator, Int32(type.asciiValue!), $0, &inner)
                    }
                        != 0
                } else {
                    api.message_iter_open_container(&iterator, Int32(type.asciiValue!), nil, &inner) != 0
                }
            guard opened else { return false }
            let written = children.allSatisfy { write($0, api: api, into: &inner) }
            return api.message_iter_close_container(&iterator, &inner) != 0 && written
        }
        switch value {
        case .byte(let byte): return put("y", byte)
        case .boolean(let bool): return put("b", UInt32(bool ? 1 : 0))
        case .int16(let number): return put("n", number)
        case .uint16(let number): return put("q", number)
        case .int32(let number): return put("i", number)
        case .uint32(let number): return put("u", number)
        case .int64(let number): return put("x", number)
        case .uint64(let number): return put("t", number)
        case .double(let number): return put("d", number)
        case .string(let text): return putText("s", text)
        case .objectPath(let text): return putText("o", text)
        case .signature(let text): return putText("g", text)
        case .unixFD(let descriptor): return put("h", descriptor.raw)
        case .variant(let inner): return container("v", inner.signature, [inner])
        case .structure(let fields): return container("r", nil, fields)
        case .array(let element, let elements): return container("a", element, elements)
        case .dictionary(let key, let valueSignature, let entries):
            return container(
                "a", "{" + key + valueSignature + "}", entries.map { .dictionaryEntry($0.key, $0.value) })
        case .dictionaryEntry(let key, let entryValue): return container("e", nil, [key, entryValue])
        }
    }
}
