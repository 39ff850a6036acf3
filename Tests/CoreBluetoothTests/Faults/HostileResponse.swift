import CoreBluetooth
import Foundation
import Host

/// A GATT response a hostile peripheral sends in place of its honest one, the request it answers, and what the
/// central app is doing when it arrives.
enum HostileResponse: String, CaseIterable, Sendable {
    case oversizedRead = "a Read Response of 600 bytes on a 23-byte ATT_MTU"
    case writeResponseToRead = "a Write Response to a Read Request"
    case errorForAnotherRequest = "an Error Response naming a request never sent"
    case shortBlob = "a Read Blob Response shorter than the rest of the value"
    case oversizedBlob = "a Read Blob Response of 600 bytes on a 23-byte ATT_MTU"
    case readResponseToBlob = "a Read Response to a Read Blob Request"
    case blobInvalidOffset = "Invalid Offset for the first Read Blob Request, at the length already read"
    case blobRefused = "Read Not Permitted for the first Read Blob Request, after the first part was read"
    case prepareEchoMismatch = "a Prepare Write Response whose value differs from the segment sent"
    case prepareRefused = "Prepare Queue Full for the second Prepare Write Request"
    case executeRefused = "an application error (0x80) for the Execute Write Request"
    case writeResponseToPrepare = "a Write Response to a Prepare Write Request"
    case prepareResponseToExecute = "a Prepare Write Response to the Execute Write Request"
    case truncatedServiceGroup = "a Read By Group Type Response cut inside its first group"
    case reversedServiceRange = "a service whose end handle is below its start"
    case overlappingServiceRanges = "two services whose handle ranges overlap"
    case servicesGoingBackwards = "every service response restarting at handle 1"
    case characteristicOutsideService = "a characteristic declared outside its service's range"
    case characteristicWithZeroHandle = "a characteristic whose value handle is 0"
    case descriptorWithZeroHandle = "a descriptor at handle 0"
    case findInformationUnknownFormat = "a Find Information Response of format 3"

    /// Whether the central drops the link: a response of the wrong kind (or an Error Response for another
    /// request) is not taken for the outstanding request's answer, so the request times out and, as the
    /// specification requires after an ATT timeout, the link goes down.
    var dropsLink: Bool {
        switch self {
        case .writeResponseToRead, .errorForAnotherRequest, .readResponseToBlob, .writeResponseToPrepare,
            .prepareResponseToExecute:
            true
        default: false
        }
    }

    /// The error the app's call fails with, nil where it succeeds: the server's refusal as Apple's ATT error; the
    /// connection timed out where the request got no answer it could take; else "Unknown error."
    /// (CBError.unknown) for a peer that breaks the protocol rather than refusing with an ATT error.
    var reportedError: ErrorSummary? {
        switch self {
        case .shortBlob, .blobInvalidOffset: nil
        case .blobRefused: ErrorSummary(domain: CBATTErrorDomain, code: CBATTError.Code.readNotPermitted.rawValue)
        case .prepareRefused:
            ErrorSummary(domain: CBATTErrorDomain, code: CBATTError.Code.prepareQueueFull.rawValue)
        case .executeRefused: ErrorSummary(domain: CBATTErrorDomain, code: 0x80)
        default:
            ErrorSummary(
                domain: CBErrorDomain,
                code: dropsLink ? CBError.Code.connectionTimeout.rawValue : CBError.Code.unknown.rawValue)
        }
    }

    /// The value a read the response leaves successful gives: a part shorter than ATT_MTU - 1, or Invalid Offset,
    /// ends a long read (Vol 3, Part G, 4.8.3), so the value is what came until then.
    var valueRead: Data? {
        let first = Array(VanishRig.longValue.prefix(ATTBearer.minimumMTU - 1))
        switch self {
        case .shortBlob: return Data(first + [0xEE, 0xEE, 0xEE])
        case .blobInvalidOffset: return Data(first)
        default: return nil
        }
    }

    /// Whether the server holds the long write's value once the write failed: only where the server's honest
    /// host executed the queue and the peer lied about it afterwards. Elsewhere the central never sent Execute
    /// Write, or cancelled the queue.
    var serverAppliesWrite: Bool { self == .executeRefused || self == .prepareResponseToExecute }

    /// What the app does that the hostile response answers.
    enum Operation: Sendable {
        case read
        case writeLong
        case discoverServices
        case discoverCharacteristics
        case discoverDescriptors
    }

    var operation: Operation {
        switch self {
        case .oversizedRead, .writeResponseToRead, .errorForAnotherRequest, .shortBlob, .oversizedBlob,
            .readResponseToBlob, .blobInvalidOffset, .blobRefused:
            .read
        case .prepareEchoMismatch, .prepareRefused, .executeRefused, .writeResponseToPrepare,
            .prepareResponseToExecute:
            .writeLong
        case .truncatedServiceGroup, .reversedServiceRange, .overlappingServiceRanges, .servicesGoingBackwards:
            .discoverServices
        case .characteristicOutsideService, .characteristicWithZeroHandle: .discoverCharacteristics
        case .descriptorWithZeroHandle, .findInformationUnknownFormat: .discoverDescriptors
        }
    }

    /// The opcode of the honest response this one replaces.
    var replacedOpcode: UInt8 {
        switch self {
        case .shortBlob, .oversizedBlob, .readResponseToBlob, .blobInvalidOffset, .blobRefused: 0x0D
        case .prepareEchoMismatch, .prepareRefused, .writeResponseToPrepare: 0x17
        case .executeRefused, .prepareResponseToExecute: 0x19
        default:
            switch operation {
            case .read: 0x0B
            case .writeLong: 0x17
            case .discoverServices: 0x11
            case .discoverCharacteristics: 0x09
            case .discoverDescriptors: 0x05
            }
        }
    }

    /// The PDU sent instead of `honest` (a response of ``replacedOpcode``), or nil to send that one.
    func answer(replacing honest: [UInt8]) -> [UInt8]? {
        switch self {
        case .oversizedRead: [0x0B] + [UInt8](repeating: 0xEE, count: 600)
        case .writeResponseToRead: [0x13]
        case .errorForAnotherRequest: [0x01, 0x12, 0x03, 0x00, 0x0E]
        case .shortBlob: [0x0D, 0xEE, 0xEE, 0xEE]
        case .oversizedBlob: [0x0D] + [UInt8](repeating: 0xEE, count: 600)
        case .readResponseToBlob: [0x0B, 0xEE]
        case .blobInvalidOffset: [0x01, 0x0C, 0x00, 0x00, 0x07]
        case .blobRefused: [0x01, 0x0C, 0x00, 0x00, 0x02]
        case .prepareEchoMismatch: honest.dropLast() + [(honest.last ?? 0) ^ 0xFF]
        // The first segment's response (offset 0) goes through: the server queued it, so the central must cancel.
        case .prepareRefused: honest.count > 4 && honest[3...4] != [0, 0] ? [0x01, 0x16, 0x00, 0x00, 0x09] : nil
        case .executeRefused: [0x01, 0x18, 0x00, 0x00, 0x80]
        case .writeResponseToPrepare: [0x13]
        case .prepareResponseToExecute: [0x17, 0x00, 0x00, 0x00, 0x00]
        case .truncatedServiceGroup: [0x11, 0x06, 0x01, 0x00]
        case .reversedServiceRange: [0x11, 0x06, 0x10, 0x00, 0x05, 0x00, 0x0F, 0x18]
        case .overlappingServiceRanges:
            [0x11, 0x06, 0x01, 0x00, 0x10, 0x00, 0x0F, 0x18, 0x05, 0x00, 0x20, 0x00, 0x0A, 0x18]
        case .servicesGoingBackwards: [0x11, 0x06, 0x01, 0x00, 0x05, 0x00, 0x0F, 0x18]
        case .characteristicOutsideService: [0x09, 0x07, 0xF0, 0xFF, 0x02, 0xF1, 0xFF, 0x19, 0x2A]
        case .characteristicWithZeroHandle: [0x09, 0x07, 0x00, 0x00, 0x02, 0x00, 0x00, 0x19, 0x2A]
        case .descriptorWithZeroHandle: [0x05, 0x01, 0x00, 0x00, 0x02, 0x29]
        case .findInformationUnknownFormat: [0x05, 0x03, 0x10, 0x00, 0x02, 0x29]
        }
    }
}
