import CoreBluetooth
import Foundation
import GATTFileFormat

/// One delegate call a ``CentralSession`` saw, reduced to values that may cross to the command's task.
enum CentralEvent: Sendable {
    case state(CBManagerState)
    case discovered(CBPeripheral, Advertisement)
    case connected(UUID)
    case failedToConnect(UUID, Failure)
    case disconnected(UUID, Failure?)
    case servicesDiscovered(Failure?)
    case includedServicesDiscovered(Failure?)
    case characteristicsDiscovered(Failure?)
    case descriptorsDiscovered(Failure?)
    /// A characteristic's value arrived (read or notified): which characteristic object, its value, or the error.
    case valueUpdated(ObjectIdentifier, Data?, Failure?)
    case descriptorUpdated(Failure?)
    case valueWritten(Failure?)
    case descriptorWritten(Failure?)
    /// The peripheral can take another write without response (the last one has gone out).
    case readyToWrite
    case notificationState(Bool, Failure?)
    /// An L2CAP channel opened, or why it did not.
    case channelOpened(Channel?, Failure?)
    case timedOut(String)
    /// Ctrl-C (SIGINT) or SIGTERM.
    case interrupted

    /// Why an operation failed: the error's name, as `explore --json` reports it, and a sentence for people.
    struct Failure: Sendable, Equatable, CustomStringConvertible {
        /// The error code's name (`writeNotPermitted`, `peripheralDisconnected`).
        var name: String
        /// What went wrong, as Apple's `localizedDescription` says it, without the closing full stop, followed by
        /// the error's failure reason (what the peripheral did) when it gives one.
        var sentence: String

        init(_ error: any Error) {
            name = ExploreReport.errorName(error)
            let nsError = error as NSError
            if error is CBATTError || error is CBError || nsError.domain == CBATTErrorDomain {
                sentence = Self.withoutFullStop(error.localizedDescription)
                if let reason = nsError.localizedFailureReason {
                    sentence += ": " + PrintableText.escaped(Self.withoutFullStop(reason))
                }
            } else {
                sentence = String(describing: error)
            }
        }

        var description: String { sentence }

        private static func withoutFullStop(_ text: String) -> String {
            text.hasSuffix(".") ? String(text.dropLast()) : text
        }
    }

    /// An opened L2CAP channel, carried to the command's task, which alone uses it from then on.
    struct Channel: @unchecked Sendable {
        let channel: CBL2CAPChannel
    }

    /// What a peripheral advertised, as `scan` shows it.
    struct Advertisement: Sendable {
        var localName: String?
        var serviceUUIDs: [String]
        var manufacturerData: Data?
        var txPowerLevel: Int?
        var isConnectable: Bool?
        var rssi: Int

        init(_ data: [String: Any], rssi: NSNumber) {
            localName = data[CBAdvertisementDataLocalNameKey] as? String
            serviceUUIDs = (data[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID] ?? []).map(\.uuidString)
            manufacturerData = data[CBAdvertisementDataManufacturerDataKey] as? Data
            txPowerLevel = (data[CBAdvertisementDataTxPowerLevelKey] as? NSNumber)?.intValue
            isConnectable = (data[CBAdvertisementDataIsConnectable] as? NSNumber)?.boolValue
            self.rssi = rssi.intValue
        }
    }
}
