import Foundation
import HCI
import Host

/// What answering a ``CBATTRequest`` with `respond(to:withResult:)` completes.
struct PendingAnswer {
    /// The request handed to the delegate, kept alive until answered.
    let request: CBATTRequest
    /// The host request it belongs to.
    let id: GATTServerRequest.ID
    /// The attribute an error answer names.
    let handle: AttributeHandle
    /// The request's place among the values a read asks for; nil for a write.
    let readIndex: Int?
}

/// The values one host read request asks for (several for Read Multiple), filled as the app answers.
struct ReadBatch {
    /// The values answered so far, by position.
    var values: [Data?]
}

extension CBPeripheralManager {
    /// Carries out ``respond(to:withResult:)``.
    func answer(_ request: CBATTRequest, withResult result: CBATTError.Code) {
        confined {
            guard let pending = pendingAnswers.removeValue(forKey: ObjectIdentifier(request)) else { return }
            let answer: GATTServerRequest.Answer
            if result != .success {
                let code = ATTErrorCode(rawValue: UInt8(truncatingIfNeeded: result.rawValue))
                answer = .error(code, handle: pending.handle)
                if pending.readIndex != nil { abandonRead(pending.id) }
            } else if let index = pending.readIndex {
                guard var batch = readBatches[pending.id], batch.values.indices.contains(index) else { return }
                batch.values[index] = request.value ?? Data()
                let values = batch.values.compactMap { $0 }
                guard values.count == batch.values.count else {
                    readBatches[pending.id] = batch
                    return
                }
                readBatches[pending.id] = nil
                answer = .values(values.map { Array($0) })
            } else {
                answer = .written
            }
            let id = pending.id
            submit { host in await host.respond(to: id, with: answer) }
        }
    }

    /// Hands a host read or write of a dynamic value to the delegate as `CBATTRequest`s.
    func received(_ request: GATTServerRequest) {
        guard let central = centralsByConnection[request.connection] else {
            refuse(request, code: .unlikelyError, handle: nil)
            return
        }
        switch request.kind {
        case .read(let reads):
            received(reads, of: request, from: central)
        case .write(let writes):
            guard let requests = attRequests(for: writes, of: request, from: central), let first = requests.first else {
                return
            }
            pendingAnswers[ObjectIdentifier(first)] = PendingAnswer(
                request: first, id: request.id, handle: writes[0].handle, readIndex: nil)
            delegate(refusing: request)?.peripheralManager(self, didReceiveWrite: requests)
        case .writeWithoutResponse(let write):
            guard let requests = attRequests(for: [write], of: nil, from: central) else { return }
            delegate?.peripheralManager(self, didReceiveWrite: requests)
        }
    }

    private func received(_ reads: [GATTServerRequest.Read], of request: GATTServerRequest, from central: CBCentral) {
        var requests: [CBATTRequest] = []
        for read in reads {
            guard let characteristic = characteristicsByHandle[read.handle] else {
                refuse(request, code: .attributeNotFound, handle: read.handle)
                return
            }
            requests.append(
                CBATTRequest(central: central, characteristic: characteristic, offset: read.offset, value: nil))
        }
        guard let delegate = delegate(refusing: request) else { return }
        readBatches[request.id] = ReadBatch(values: Array(repeating: nil, count: requests.count))
        for (index, attRequest) in requests.enumerated() {
            pendingAnswers[ObjectIdentifier(attRequest)] = PendingAnswer(
                request: attRequest, id: request.id, handle: reads[index].handle, readIndex: index)
        }
        for attRequest in requests where readBatches[request.id] != nil {
            delegate.peripheralManager(self, didReceiveRead: attRequest)
        }
    }

    /// The requests for `writes`, or nil (having refused `request`) when one names no published characteristic.
    private func attRequests(
        for writes: [GATTServerRequest.Write], of request: GATTServerRequest?, from central: CBCentral
    ) -> [CBATTRequest]? {
        var requests: [CBATTRequest] = []
        for write in writes {
            guard let characteristic = characteristicsByHandle[write.handle] else {
                if let request { refuse(request, code: .attributeNotFound, handle: write.handle) }
                return nil
            }
            requests.append(
                CBATTRequest(
                    central: central, characteristic: characteristic, offset: write.offset, value: Data(write.value)))
        }
        return requests
    }

    /// The delegate, or nil having answered `.requestNotSupported` when there is none, as Apple's framework answers
    /// requests no delegate method takes.
    private func delegate(refusing request: GATTServerRequest) -> (any CBPeripheralManagerDelegate)? {
        guard let delegate else {
            refuse(request, code: .requestNotSupported, handle: nil)
            return nil
        }
        return delegate
    }

    private func refuse(_ request: GATTServerRequest, code: ATTErrorCode, handle: AttributeHandle?) {
        let id = request.id
        submit { host in await host.respond(to: id, with: .error(code, handle: handle)) }
    }

    /// Forgets the other parts of a read answered with an error.
    private func abandonRead(_ id: GATTServerRequest.ID) {
        readBatches[id] = nil
        pendingAnswers = pendingAnswers.filter { $0.value.id != id }
    }

    /// Forgets the requests of a connection that went down.
    func forgetRequests(on connection: ConnectionHandle) {
        let central = centralsByConnection[connection]
        let gone = Set(pendingAnswers.values.filter { $0.request.central === central }.map(\.id))
        pendingAnswers = pendingAnswers.filter { !gone.contains($0.value.id) }
        for id in gone { readBatches[id] = nil }
    }
}
