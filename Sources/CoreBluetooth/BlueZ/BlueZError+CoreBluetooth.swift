import BlueZ

extension BlueZError {
    /// The error CoreBluetooth reports for this failure of a GATT operation: a `CBATTError` when bluetoothd names
    /// an ATT error (in its message, or by its own error name), else the `CBError` that fits.
    var reportedForGATT: any Error {
        if let code = attErrorCode {
            return CBATTError.Code(rawValue: Int(code)).map { CBATTError(reporting: $0) }
                ?? NSError(domain: CBATTErrorDomain, code: Int(code))
        }
        switch name {
        case "org.bluez.Error.NotPermitted":
            return CBATTError(reporting: message.contains("Write") ? .writeNotPermitted : .readNotPermitted)
        case "org.bluez.Error.NotAuthorized":
            return CBATTError(reporting: .insufficientAuthentication)
        case "org.bluez.Error.InvalidValueLength":
            return CBATTError(reporting: .invalidAttributeValueLength)
        case "org.bluez.Error.InvalidOffset":
            return CBATTError(reporting: .invalidOffset)
        case "org.bluez.Error.NotSupported":
            return CBATTError(reporting: .requestNotSupported)
        case "org.bluez.Error.NotConnected", BlueZError.closed.name:
            return CBError(reporting: .notConnected)
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout":
            return CBError(reporting: .connectionTimeout)
        case "org.bluez.Error.InProgress":
            return CBError(reporting: .outOfSpace)
        case ManagementConnectionInfo.permissionDenied.name:
            return CBError(reporting: .operationNotSupported)
        default:
            return message.contains("Not connected")
                ? CBError(reporting: .notConnected) : CBError(reporting: .unknown)
        }
    }

    /// The error CoreBluetooth reports when `Device1.Connect` failed this way.
    var reportedForConnect: CBError {
        switch name {
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout":
            CBError(reporting: .connectionTimeout)
        case "org.freedesktop.DBus.Error.UnknownObject", "org.bluez.Error.DoesNotExist":
            CBError(reporting: .unknownDevice)
        default:
            CBError(reporting: .connectionFailed)
        }
    }
}
