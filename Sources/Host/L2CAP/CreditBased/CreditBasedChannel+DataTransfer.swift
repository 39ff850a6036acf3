extension CreditBasedChannel {
    /// How many SDUs wait, in whole or in part, for credits.
    public var queuedSDUCount: Int { sendQueue.count }

    /// Queues an SDU for the peer and sends as many of its K-frames as the credits allow: the
    /// first carries the 2-byte SDU Length, and none is longer than the peer's MPS.
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 3.4.2 and 10.1.
    public mutating func send(_ sdu: [UInt8]) throws(CreditBasedChannelError) -> [CreditBasedChannelAction] {
        guard state == .open, let peer else { throw .notOpen(state) }
        guard sdu.count <= Int(peer.mtu) else { throw .sduExceedsPeerMTU(length: sdu.count, mtu: Int(peer.mtu)) }
        guard sendQueue.count < configuration.maximumQueuedSDUs else {
            throw .sendQueueFull(limit: configuration.maximumQueuedSDUs)
        }
        sendQueue.append(sdu)
        return flush()
    }

    /// Takes a Flow Control Credit Indication for this channel; more than 65535 credits in all
    /// disconnects the channel.
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 10.1.
    public mutating func receivedCredits(_ credits: UInt16) -> [CreditBasedChannelAction] {
        guard state == .open else { return [] }
        guard sendCredits + Int(credits) <= Self.maximumCredits else {
            return beginDisconnect(.protocolViolation(.creditOverflow))
        }
        sendCredits += Int(credits)
        return flush()
    }

    /// Takes the information payload of a K-frame addressed to this channel's local CID; a frame
    /// sent without credit, longer than the MPS, or building an SDU longer than declared or than
    /// the MTU disconnects the channel.
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 3.4.3 and 10.1.
    public mutating func received(frame payload: [UInt8]) -> [CreditBasedChannelAction] {
        guard state == .open else { return [] }
        guard receiveCredits > 0 else { return beginDisconnect(.protocolViolation(.frameWithoutCredit)) }
        receiveCredits -= 1
        guard payload.count <= Int(configuration.mps) else {
            return beginDisconnect(
                .protocolViolation(.frameExceedsMPS(length: payload.count, mps: Int(configuration.mps))))
        }
        var data = payload[...]
        var sdu: [UInt8]
        if let incoming {
            sdu = incoming
        } else {
            guard data.count >= 2 else { return beginDisconnect(.protocolViolation(.missingSDULength)) }
            incomingLength = Int(data[data.startIndex]) | Int(data[data.startIndex + 1]) << 8
            data = data.dropFirst(2)
            guard incomingLength <= Int(configuration.mtu) else {
                return beginDisconnect(
                    .protocolViolation(.sduExceedsMTU(length: incomingLength, mtu: Int(configuration.mtu))))
            }
            sdu = []
        }
        guard sdu.count + data.count <= incomingLength else {
            let received = sdu.count + data.count
            return beginDisconnect(
                .protocolViolation(.sduOverrun(declaredLength: incomingLength, receivedLength: received)))
        }
        sdu.append(contentsOf: data)
        guard sdu.count == incomingLength else {
            incoming = sdu
            creditsToReturn += 1
            return returnCreditsIfLow()
        }
        incoming = nil
        deliveredUnconsumed += 1
        return [.deliver(sdu)] + returnCreditsIfLow()
    }

    /// Reports that the user took the oldest delivered SDU, so its credit may go back to the peer.
    public mutating func sduConsumed() -> [CreditBasedChannelAction] {
        guard state == .open, deliveredUnconsumed > 0 else { return [] }
        deliveredUnconsumed -= 1
        creditsToReturn += 1
        return returnCreditsIfLow()
    }

    /// Gives the peer `credits` more credits, never more than it may hold in all.
    public mutating func grantCredits(_ credits: UInt16) -> [CreditBasedChannelAction] {
        guard state == .open else { return [] }
        let granted = min(Int(credits), Self.maximumCredits - receiveCredits)
        guard granted > 0 else { return [] }
        receiveCredits += granted
        let indication = FlowControlCreditIndication(cid: localCID, credits: UInt16(granted))
        return [.signal(.flowControlCredit(indication))]
    }

    private mutating func returnCreditsIfLow() -> [CreditBasedChannelAction] {
        guard creditsToReturn > 0, receiveCredits <= Int(configuration.initialCredits) / 2 else { return [] }
        let credits = min(creditsToReturn, Self.maximumCredits - receiveCredits)
        creditsToReturn -= credits
        return grantCredits(UInt16(credits))
    }

    private mutating func flush() -> [CreditBasedChannelAction] {
        guard let peer else { return [] }
        var actions: [CreditBasedChannelAction] = []
        while sendCredits > 0, let sdu = sendQueue.first {
            var payload: [UInt8] = []
            var room = Int(peer.mps)
            if !headStarted {
                payload = [UInt8(truncatingIfNeeded: sdu.count), UInt8(truncatingIfNeeded: sdu.count >> 8)]
                room -= 2
                headStarted = true
            }
            let end = sentOfHead + min(room, sdu.count - sentOfHead)
            payload.append(contentsOf: sdu[sentOfHead..<end])
            sentOfHead = end
            sendCredits -= 1
            actions.append(.send(BasicFrame(channelID: peer.cid, payload: payload)))
            if sentOfHead == sdu.count {
                sendQueue.removeFirst()
                sentOfHead = 0
                headStarted = false
            }
        }
        if disconnectWhenSent, sendQueue.isEmpty { return actions + beginDisconnect(.localRequest) }
        return actions
    }
}
