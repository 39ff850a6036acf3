import Testing

@testable import CoreBluetooth

@Suite("CBError", .timeLimit(.minutes(2)))
struct CBErrorTests {
    static let codes: [(CBError.Code, Int)] = [
        (.unknown, 0), (.invalidParameters, 1), (.invalidHandle, 2), (.notConnected, 3), (.outOfSpace, 4),
        (.operationCancelled, 5), (.connectionTimeout, 6), (.peripheralDisconnected, 7), (.uuidNotAllowed, 8),
        (.alreadyAdvertising, 9), (.connectionFailed, 10), (.connectionLimitReached, 11), (.unknownDevice, 12),
        (.operationNotSupported, 13), (.peerRemovedPairingInformation, 14), (.encryptionTimedOut, 15),
        (.tooManyLEPairedDevices, 16), (.leGattExceededBackgroundNotificationLimit, 17),
        (.leGattNearBackgroundNotificationLimit, 18),
    ]

    @Test("codes have Apple's raw values, and raw values outside 0...18 have no code")
    func rawValues() {
        for (code, raw) in Self.codes {
            #expect(code.rawValue == raw)
            #expect(CBError.Code(rawValue: raw) == code)
        }
        #expect(CBError.Code(rawValue: 19) == nil)
        #expect(CBError.Code(rawValue: -1) == nil)
    }

    @Test("the domain is CBErrorDomain, and an error bridges to an NSError with that domain and the code")
    func domain() {
        #expect(CBErrorDomain == "CBErrorDomain")
        #expect(CBError.errorDomain == "CBErrorDomain")
        let error: any Error = CBError(.peripheralDisconnected)
        let nsError = error as NSError
        #expect(nsError.domain == CBErrorDomain)
        #expect(nsError.code == 7)
        #expect((error as? CBError)?.code == .peripheralDisconnected)
        #expect((error as? CBError)?.errorCode == 7)
    }

    @Test("a thrown CBError matches catch patterns on its static code names and on where clauses")
    func catchPatterns() {
        func fail() throws { throw CBError(.connectionFailed) }
        var matchedStatic = false
        do { try fail() } catch CBError.connectionFailed { matchedStatic = true } catch {}
        #expect(matchedStatic)

        var matchedWhere = false
        do {
            try fail()
        } catch let error as CBError where error.code == .connectionFailed {
            matchedWhere = true
        } catch {}
        #expect(matchedWhere)

        var matchedOther = false
        do { try fail() } catch CBError.connectionTimeout { matchedOther = true } catch {}
        #expect(!matchedOther)
    }

    @Test("errors are equal when code and user info are, and equal errors hash alike")
    func equality() {
        #expect(CBError(.notConnected) == CBError(.notConnected))
        #expect(CBError(.notConnected) != CBError(.operationCancelled))
        #expect(CBError(reporting: .notConnected) == CBError(reporting: .notConnected))
        #expect(CBError(reporting: .notConnected) != CBError(.notConnected))
        #expect(CBError(.notConnected).hashValue == CBError(.notConnected).hashValue)
        #expect(Set([CBError(.notConnected), CBError(.notConnected), CBError(.outOfSpace)]).count == 2)
    }

    @Test("errors the framework reports carry iOS's description under NSLocalizedDescriptionKey")
    func reportedDescriptions() {
        let disconnected = CBError(reporting: .peripheralDisconnected)
        #expect(disconnected.localizedDescription == "The specified device has disconnected from us.")
        #expect(
            disconnected.errorUserInfo[NSLocalizedDescriptionKey] as? String
                == "The specified device has disconnected from us.")
        #expect(
            CBError(reporting: .connectionTimeout).localizedDescription
                == "The connection has timed out unexpectedly.")
        #expect(CBError(reporting: .unknown).localizedDescription == "Unknown error.")
        #expect(CBError(reporting: .unknownDevice).localizedDescription == "Device is invalid.")
        #expect(
            CBError(reporting: .connectionLimitReached).localizedDescription
                == "The system has reached the maximum number of connections")
        #expect(CBError(reporting: .peripheralDisconnected).code == .peripheralDisconnected)
    }

    @Test("every code but the two background-notification limits has an iOS description")
    func descriptionCoverage() {
        let undescribed = Self.codes.map(\.0).filter { $0.appleDescription == nil }
        #expect(undescribed == [.leGattExceededBackgroundNotificationLimit, .leGattNearBackgroundNotificationLimit])
        #expect(CBError(reporting: .leGattNearBackgroundNotificationLimit).errorUserInfo.isEmpty)
    }
}
