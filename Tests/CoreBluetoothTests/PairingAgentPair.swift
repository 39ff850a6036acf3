import CoreBluetooth
import Foundation
import Testing

/// What one side's pairing agent is and how its user answers.
struct AgentSetup {
    var ioCapability: CBPairingIOCapability
    var accepts = true
    var typing: @Sendable (UInt32) -> UInt32 = { $0 }
}

/// A peripheral manager publishing ``PairDatabase`` and a central manager connected to it, each with its own
/// pairing agent (or none), bond directory and delegate queue, through the public API only.
struct PairingAgentPair {
    let sensor: PeripheralManagerFixture
    let central: CBCentralManager
    let recorder: CentralRecorder
    var events: EventCursor
    let peripheral: CBPeripheral
    let centralAgent: RecordingPairingAgent?
    let peripheralAgent: RecordingPairingAgent?
    let centralBonds: URL
    let peripheralBonds: URL

    /// Starts both managers with the given agents and options, publishes and advertises the database, connects
    /// and discovers it.
    static func connect(
        central centralSetup: AgentSetup?, peripheral peripheralSetup: AgentSetup?,
        centralRequiresMITM: Bool = false, label: String = #function
    ) async throws -> PairingAgentPair {
        let mailbox = PasskeyMailbox()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pairing-\(UUID().uuidString)")
        let (centralBonds, peripheralBonds) = (
            directory.appendingPathComponent("central"), directory.appendingPathComponent("peripheral")
        )

        let sensorQueue = RecordingPeripheralManagerDelegate.makeQueue()
        let sensorDelegate = RecordingPeripheralManagerDelegate(queue: sensorQueue)
        let peripheralAgent = peripheralSetup.map { agent($0, queue: sensorQueue, mailbox: mailbox) }
        var sensorOptions: [String: Any] = [
            CBManagerOptionTransportKey: "virtual", CBManagerOptionBondDirectoryKey: peripheralBonds.path,
        ]
        sensorOptions[CBManagerOptionPairingAgentKey] = peripheralAgent
        let sensor = PeripheralManagerFixture(
            manager: CBPeripheralManager(delegate: sensorDelegate, queue: sensorQueue, options: sensorOptions),
            delegate: sensorDelegate)
        #expect(try await sensorDelegate.next() == .state(.poweredOn, onQueue: true))
        let database = PairDatabase()
        try await sensor.publishAndAdvertise([database.included, database.primary])

        let recorder = CentralRecorder(label: label)
        recorder.queue.setSpecific(
            key: RecordingPeripheralManagerDelegate.queueMark, value: ObjectIdentifier(recorder.queue))
        let centralAgent = centralSetup.map { agent($0, queue: recorder.queue, mailbox: mailbox) }
        var centralOptions: [String: Any] = [
            CBManagerOptionBondDirectoryKey: centralBonds.path,
            CBManagerOptionPairingRequiresMITMKey: NSNumber(value: centralRequiresMITM),
        ]
        centralOptions[CBManagerOptionPairingAgentKey] = centralAgent
        let central = CBCentralManager(delegate: recorder, queue: recorder.queue, options: centralOptions)
        var events = EventCursor(recorder)
        let state = try await events.next { event -> CBManagerState? in
            if case .state(let state) = event { return state }
            return nil
        }
        #expect(state == .poweredOn)
        let (peripheral, _) = try await CentralFixture.discover(database.primaryUUID, with: central, recorder, &events)
        try await CentralFixture.connect(peripheral, with: central, recorder, &events)
        _ = try await CentralFixture.discoverAll(peripheral, service: database.primaryUUID, recorder, &events)
        return PairingAgentPair(
            sensor: sensor, central: central, recorder: recorder, events: events, peripheral: peripheral,
            centralAgent: centralAgent, peripheralAgent: peripheralAgent, centralBonds: centralBonds,
            peripheralBonds: peripheralBonds)
    }

    private static func agent(
        _ setup: AgentSetup, queue: DispatchQueue, mailbox: PasskeyMailbox
    ) -> RecordingPairingAgent {
        RecordingPairingAgent(
            setup.ioCapability, queue: queue, accepts: setup.accepts, mailbox: mailbox, typing: setup.typing)
    }

    /// Reads the encryption-required characteristic and returns its value and error.
    mutating func readEncrypted() async throws -> (value: Data?, error: ErrorSummary?) {
        let (peripheral, recorder) = (peripheral, recorder)
        recorder.queue.sync {
            let characteristic = peripheral.services?.flatMap { $0.characteristics ?? [] }
                .first { $0.uuid == PairDatabase.encrypted }
            if let characteristic { peripheral.readValue(for: characteristic) }
        }
        return try await events.next { event -> (Data?, ErrorSummary?)? in
            if case .valueUpdated("FFF5", let value, let error) = event { return (value, error) }
            return nil
        }
    }

    /// The bond files a manager wrote into its bond directory.
    static func bondFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }
    }

    /// Disconnects, keeps the agents alive until now (the managers hold them weakly), and removes the bond files.
    func finish() {
        recorder.queue.sync { central.cancelPeripheralConnection(peripheral) }
        withExtendedLifetime((centralAgent, peripheralAgent)) {}
        try? FileManager.default.removeItem(at: centralBonds.deletingLastPathComponent())
    }
}
