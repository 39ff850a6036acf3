@testable import Host

/// Two credit-based channels joined back to back: K-frames and credit indications from one side
/// are carried to the other until both are quiet, the way two hosts on one link would see them.
struct CreditBasedChannelPair {
    enum Side { case initiator, acceptor }

    var initiator: CreditBasedChannel
    var acceptor: CreditBasedChannel
    /// Whether each side takes delivered SDUs at once (and so returns their credits).
    var consumesAtOnce = true
    private(set) var delivered: [Side: [[UInt8]]] = [:]
    private(set) var framesCarried: [Side: Int] = [:]
    private(set) var creditIndications: [Side: [UInt16]] = [:]
    private(set) var otherActions: [Side: [CreditBasedChannelAction]] = [:]

    /// Opens a channel from CID 0x0040 (initiator) to CID 0x0041 (acceptor).
    init(initiator: CreditBasedChannel.Configuration, acceptor: CreditBasedChannel.Configuration) throws {
        self.initiator = CreditBasedChannel(localCID: L2CAPChannelID(rawValue: 0x0040), configuration: initiator)
        self.acceptor = CreditBasedChannel(localCID: L2CAPChannelID(rawValue: 0x0041), configuration: acceptor)
        guard
            case .signal(.leCreditBasedConnection(let request)) = try self.initiator.connect(
                spsm: SPSM(rawValue: 0x0080)
            ).first,
            case .respond(.leCreditBasedConnectionResponse(_, let response)) = self.acceptor.accept(
                request, identifier: 1
            ).first,
            case .opened = self.initiator.receivedConnectionResponse(response).first
        else { throw PairError.didNotOpen }
    }

    enum PairError: Error { case didNotOpen }

    /// Carries the actions `side` produced to the other side, and the answers back, until quiet.
    mutating func carry(_ actions: [CreditBasedChannelAction], from side: Side) {
        var work = actions.map { (side, $0) }
        while !work.isEmpty {
            let (from, action) = work.removeFirst()
            let to: Side = from == .initiator ? .acceptor : .initiator
            switch action {
            case .send(let frame):
                framesCarried[to, default: 0] += 1
                work += update(to) { $0.received(frame: frame.payload) }.map { (to, $0) }
            case .signal(.flowControlCredit(let indication)):
                creditIndications[to, default: []].append(indication.credits)
                work += update(to) { $0.receivedCredits(indication.credits) }.map { (to, $0) }
            case .deliver(let sdu):
                delivered[from, default: []].append(sdu)
                if consumesAtOnce { work += update(from) { $0.sduConsumed() }.map { (from, $0) } }
            default:
                otherActions[from, default: []].append(action)
            }
        }
    }

    /// Sends an SDU from `side` and carries everything that follows.
    mutating func send(_ sdu: [UInt8], from side: Side) throws(CreditBasedChannelError) {
        let actions = try side == .initiator ? initiator.send(sdu) : acceptor.send(sdu)
        carry(actions, from: side)
    }

    private mutating func update(
        _ side: Side, _ body: (inout CreditBasedChannel) -> [CreditBasedChannelAction]
    ) -> [CreditBasedChannelAction] {
        side == .initiator ? body(&initiator) : body(&acceptor)
    }
}
