import ArgumentParser
import Foundation
import HCI
import Host

/// `bluetooth bonds`: lists or removes the bonds kept for one adapter identity.
///
/// The bond file belongs to the adapter's identity address. With `--adapter ADDRESS` the file of that address is
/// used and no controller is opened; otherwise the controller behind `--transport` is asked for its public
/// address. Virtual controllers have none (they take a fresh random address on every run), so on the virtual
/// radio `list` lists every adapter's bonds and `remove` needs `--adapter`.
struct Bonds: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List or remove the bonds (pairing keys) stored for an adapter.",
        subcommands: [List.self, Remove.self])

    /// Options both subcommands take: which adapter's store, and where it is.
    struct StoreOptions: ParsableArguments {
        @Option(
            name: .long,
            help: "The adapter's identity address (names the bond file); default: the controller's public address.")
        var adapter: String?

        @Option(name: .long, help: "The bond directory; default: $XDG_DATA_HOME/bluetooth or ~/.local/share/bluetooth.")
        var directory: String?
    }

    /// `bluetooth bonds list`: one line (or JSON object) per bonded peer.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the bonded peers: identity address, key size, authentication, LE Secure Connections, keys.")

        @OptionGroup var options: GlobalOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let opener = BondsStoreOpener(options: options, store: store, command: "list")
            guard let every = try opener.everyAdapter() else {
                try show(try await opener.open(), named: false)
                return
            }
            if every.stores.isEmpty, !options.json {
                print("No bonds in \(every.directory).")
            }
            for bonds in every.stores { try show(bonds, named: true) }
        }

        /// Prints one adapter's bonds: a JSON object on one line, or a line per bond (under a line naming the
        /// adapter when `named`, as when every adapter's are listed).
        private func show(_ bonds: BondStore, named: Bool) throws {
            if options.json {
                let object: [String: Any] = [
                    "adapter": bonds.adapter.description, "path": bonds.path,
                    "bonds": bonds.all().map(Self.jsonObject),
                ]
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else if bonds.all().isEmpty {
                print("No bonds for adapter \(bonds.adapter) (\(bonds.path)).")
            } else {
                if named { print("Adapter \(bonds.adapter) (\(bonds.path)):") }
                for bond in bonds.all() { print((named ? "  " : "") + Self.line(bond)) }
            }
        }

        /// A bond as one line: `ADDRESS (type)  key size N  authenticated|unauthenticated  SC|legacy  keys ...`.
        static func line(_ bond: Bond) -> String {
            let peer = peerKeys(bond).joined(separator: " ")
            let local = localKeys(bond).joined(separator: " ")
            return [
                "\(bond.peerAddress.address) (\(typeName(bond.peerAddress.type)))",
                "key size \(bond.encryptionKeySize)",
                bond.isAuthenticated ? "authenticated" : "unauthenticated",
                bond.isSecureConnections ? "LE Secure Connections" : "LE legacy",
                "peer keys: \(peer.isEmpty ? "none" : peer)",
                "our keys: \(local.isEmpty ? "none" : local)",
            ].joined(separator: "  ")
        }

        static func jsonObject(_ bond: Bond) -> [String: Any] {
            [
                "address": bond.peerAddress.address.description, "addressType": typeName(bond.peerAddress.type),
                "keySize": Int(bond.encryptionKeySize), "authenticated": bond.isAuthenticated,
                "secureConnections": bond.isSecureConnections, "peerKeys": peerKeys(bond),
                "localKeys": localKeys(bond),
            ]
        }

        /// The keys kept from the peer: the LTK to encrypt with, its IRK and its CSRK.
        static func peerKeys(_ bond: Bond) -> [String] {
            var keys: [String] = []
            if bond.longTermKey != nil { keys.append("LTK") }
            if bond.peerIdentityResolvingKey != nil { keys.append("IRK") }
            if bond.peerSignatureKey != nil { keys.append("CSRK") }
            return keys
        }

        /// The keys this adapter gave the peer.
        static func localKeys(_ bond: Bond) -> [String] {
            var keys: [String] = []
            if bond.localKeys.longTermKey != nil { keys.append("LTK") }
            if bond.localKeys.identityResolvingKey != nil { keys.append("IRK") }
            if bond.localKeys.signatureKey != nil { keys.append("CSRK") }
            return keys
        }

        static func typeName(_ type: AddressType) -> String {
            type.isRandom ? "random" : "public"
        }
    }

    /// `bluetooth bonds remove ADDRESS`: forgets one bonded peer.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Forget the bond with a peer, given its identity address; exit status 1 if there is none.")

        @OptionGroup var options: GlobalOptions
        @OptionGroup var store: StoreOptions

        @Argument(help: "The peer's identity address, AA:BB:CC:DD:EE:FF.")
        var address: String

        func run() async throws {
            guard let peer = BluetoothAddress(address) else {
                throw ValidationError("'\(address)' is not an address like AA:BB:CC:DD:EE:FF")
            }
            let opener = BondsStoreOpener(options: options, store: store, command: "remove")
            var bonds = try await opener.open()
            guard bonds.bond(for: peer) != nil else {
                opener.fail("no bond with \(peer) in \(bonds.path)")
            }
            do {
                try bonds.remove(peer)
            } catch {
                opener.fail(error.description)
            }
            if options.json {
                let object = ["removed": peer.description, "path": bonds.path]
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else {
                print("Removed the bond with \(peer) from \(bonds.path).")
            }
        }
    }
}

/// Finds and loads the bond store a `bonds` subcommand works on, reporting every failure on one line.
private struct BondsStoreOpener {
    let options: GlobalOptions
    let store: Bonds.StoreOptions
    let command: String

    /// The loaded store of the adapter named by `--adapter`, or of the controller's public address.
    func open() async throws -> BondStore {
        let environment = ProcessInfo.processInfo.environment
        let adapter = try await adapterAddress(environment: environment)
        var bonds: BondStore
        if let directory = store.directory {
            bonds = BondStore(adapter: adapter, directory: directory)
        } else {
            do {
                bonds = try BondStore(adapter: adapter, environment: environment)
            } catch {
                fail(error.description)
            }
        }
        do {
            try bonds.load()
        } catch {
            fail(error.description)
        }
        return bonds
    }

    /// Every adapter's loaded store in the bond directory, when no adapter is named (`--adapter`, `--address`) and
    /// the transport is the virtual radio, whose controllers have no address to ask for; nil otherwise.
    func everyAdapter() throws -> (directory: String, stores: [BondStore])? {
        let environment = ProcessInfo.processInfo.environment
        guard store.adapter == nil, options.address == nil,
            try options.transportSpec(environment: environment) == .virtual
        else { return nil }
        guard let directory = store.directory ?? BondStore.defaultDirectory(environment: environment) else {
            fail("no bond directory: set XDG_DATA_HOME or HOME, or give --directory")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let adapters = names.compactMap { name in
            name.hasSuffix(".json") ? BluetoothAddress(String(name.dropLast(5))) : nil
        }
        return (
            directory,
            adapters.sorted { $0.description < $1.description }.map { adapter in
                var bonds = BondStore(adapter: adapter, directory: directory)
                do {
                    try bonds.load()
                } catch {
                    fail("\(error)")
                }
                return bonds
            }
        )
    }

    /// The identity address whose bond file is meant.
    private func adapterAddress(environment: [String: String]) async throws -> BluetoothAddress {
        if let text = store.adapter ?? options.address {
            guard let address = BluetoothAddress(text) else {
                throw ValidationError("--adapter takes an address like AA:BB:CC:DD:EE:FF; got '\(text)'")
            }
            return address
        }
        let spec = try options.transportSpec(environment: environment)
        if spec == .virtual {
            fail(
                "virtual controllers take a fresh address on every run, so they have no bond file; "
                    + "name the adapter with --adapter ADDRESS (the --address the bonding run used)")
        }
        var transport: any HCITransport
        do {
            transport = try await spec.open()
            if let btsnoop = options.btsnoop { transport = try SnoopingTransport(wrapping: transport, path: btsnoop) }
        } catch {
            fail("\(spec): \(error)")
        }
        let controller = ControllerChannel(transport: transport)
        let answer: Result<BluetoothAddress, HCIError>
        do {
            _ = try await controller.execute(ResetCommand())
            answer = .success(try await controller.execute(ReadBDADDRCommand()).address)
        } catch {
            answer = .failure(error)
        }
        await controller.close()
        let address: BluetoothAddress
        switch answer {
        case .success(let value): address = value
        case .failure(let error): fail("\(spec): \(error)")
        }
        if address == .zero {
            fail("the controller at \(spec) has no public address; name the adapter with --adapter ADDRESS")
        }
        return address
    }

    /// Prints `bluetooth bonds COMMAND: message` on standard error and exits with status 1.
    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("bluetooth bonds \(command): \(message)\n".utf8))
        exit(1)
    }
}
