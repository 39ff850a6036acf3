import HCI
import Host
import Testing

/// One cell of the IO capability mapping: both devices' IO capabilities and the spec's method for each mode.
struct IOCapabilityMappingCase: Sendable, CustomTestStringConvertible {
    let initiator: IOCapability
    let responder: IOCapability
    let legacy: PairingMethod
    let secureConnections: PairingMethod

    var testDescription: String { "initiator \(initiator), responder \(responder)" }
}

/// Table 2.8 of Bluetooth Core Specification Vol 3, Part H, 2.3.5.1, as the spec prints it.
///
/// Rows are the responder's IO capability, columns the initiator's, both in the order DisplayOnly,
/// DisplayYesNo, KeyboardOnly, NoInputNoOutput, KeyboardDisplay. JW Just Works, NC Numeric Comparison,
/// PKi Passkey Entry with the initiator displaying, PKr with the responder displaying, PKb both inputting.
enum IOCapabilityMappingTable {
    static let order: [IOCapability] = [.displayOnly, .displayYesNo, .keyboardOnly, .noInputNoOutput, .keyboardDisplay]

    static let legacy = """
        JW  JW  PKr JW  PKr
        JW  JW  PKr JW  PKr
        PKi PKi PKb JW  PKi
        JW  JW  JW  JW  JW
        PKi PKi PKr JW  PKi
        """

    static let secureConnections = """
        JW  JW  PKr JW  PKr
        JW  NC  PKr JW  NC
        PKi PKi PKb JW  PKi
        JW  JW  JW  JW  JW
        PKi NC  PKr JW  NC
        """

    static func method(_ cell: Substring) -> PairingMethod {
        switch cell {
        case "NC": .numericComparison
        case "PKi": .passkeyEntry(.initiatorDisplays)
        case "PKr": .passkeyEntry(.responderDisplays)
        case "PKb": .passkeyEntry(.bothInput)
        default: .justWorks
        }
    }

    static func grid(_ text: String) -> [[PairingMethod]] {
        text.split(separator: "\n").map { $0.split(separator: " ").map(method) }
    }

    static let cases: [IOCapabilityMappingCase] = {
        let legacyGrid = grid(legacy)
        let scGrid = grid(secureConnections)
        return order.indices.flatMap { row in
            order.indices.map { column in
                IOCapabilityMappingCase(
                    initiator: order[column], responder: order[row],
                    legacy: legacyGrid[row][column], secureConnections: scGrid[row][column])
            }
        }
    }()
}

@Suite("Pairing method selection", .timeLimit(.minutes(2)))
struct PairingMethodTests {
    private func features(
        _ io: IOCapability, oob: OOBDataFlag = .notPresent, _ authReq: AuthenticationRequirements = [.bonding, .mitm]
    ) -> PairingMethod.Features {
        (ioCapability: io, oobDataFlag: oob, authenticationRequirements: authReq)
    }

    @Test("the table has all 25 cells")
    func tableShape() {
        #expect(IOCapabilityMappingTable.cases.count == 25)
    }

    @Test(
        "with MITM asked for, IO capabilities select the method of Table 2.8",
        arguments: IOCapabilityMappingTable.cases)
    func mapping(cell: IOCapabilityMappingCase) {
        let initiator = features(cell.initiator)
        let responder = features(cell.responder, [.bonding])
        #expect(
            PairingMethod.select(initiator: initiator, responder: responder, secureConnections: false) == cell.legacy)
        #expect(
            PairingMethod.select(initiator: initiator, responder: responder, secureConnections: true)
                == cell.secureConnections)
    }

    @Test(
        "without MITM on either side every IO capability pair gives Just Works",
        arguments: IOCapabilityMappingTable.cases)
    func noMITM(cell: IOCapabilityMappingCase) {
        for sc in [false, true] {
            let method = PairingMethod.select(
                initiator: features(cell.initiator, [.bonding]), responder: features(cell.responder, [.bonding]),
                secureConnections: sc)
            #expect(method == .justWorks)
        }
    }

    @Test("legacy pairing uses OOB only when both devices have OOB data")
    func legacyOOB() {
        let both = PairingMethod.select(
            initiator: features(.noInputNoOutput, oob: .present, []),
            responder: features(.noInputNoOutput, oob: .present, []), secureConnections: false)
        #expect(both == .outOfBand)
        let one = PairingMethod.select(
            initiator: features(.keyboardOnly, oob: .present), responder: features(.displayOnly),
            secureConnections: false)
        #expect(one == .passkeyEntry(.responderDisplays))
    }

    @Test("Secure Connections uses OOB when either device has OOB data, MITM or not")
    func secureConnectionsOOB() {
        for (initiatorOOB, responderOOB) in [(OOBDataFlag.present, OOBDataFlag.notPresent), (.notPresent, .present)] {
            let method = PairingMethod.select(
                initiator: features(.displayYesNo, oob: initiatorOOB, []),
                responder: features(.displayYesNo, oob: responderOOB, []), secureConnections: true)
            #expect(method == .outOfBand)
        }
    }

    @Test("a reserved IO capability counts as NoInputNoOutput")
    func reservedIOCapability() {
        let method = PairingMethod.select(
            initiator: features(IOCapability(rawValue: 0x05)), responder: features(.keyboardDisplay),
            secureConnections: true)
        #expect(method == .justWorks)
    }

    @Test("only Just Works yields an unauthenticated key")
    func authenticated() {
        #expect(!PairingMethod.justWorks.isAuthenticated)
        #expect(PairingMethod.numericComparison.isAuthenticated)
        #expect(PairingMethod.passkeyEntry(.bothInput).isAuthenticated)
        #expect(PairingMethod.outOfBand.isAuthenticated)
    }
}
