/// The connect option asking the system to alert the user when the peripheral connects while the app is suspended.
public let CBConnectPeripheralOptionNotifyOnConnectionKey: String = "kCBConnectOptionNotifyOnConnection"

/// The connect option asking the system to alert the user when the peripheral disconnects while the app is suspended.
public let CBConnectPeripheralOptionNotifyOnDisconnectionKey: String = "kCBConnectOptionNotifyOnDisconnection"

/// The connect option asking the system to alert the user of notifications while the app is suspended.
public let CBConnectPeripheralOptionNotifyOnNotificationKey: String = "kCBConnectOptionNotifyOnNotification"

/// The connect option delaying the connection by a number of seconds; an `NSNumber`.
public let CBConnectPeripheralOptionStartDelayKey: String = "kCBConnectOptionStartDelay"

/// The connect option bridging classic Bluetooth transports to the LE connection; an `NSNumber` Bool.
public let CBConnectPeripheralOptionEnableTransportBridgingKey: String = "kCBConnectOptionEnableTransportBridging"

/// The connect option requiring Apple Notification Center Service authorization; an `NSNumber` Bool.
public let CBConnectPeripheralOptionRequiresANCS: String = "kCBConnectOptionRequiresANCS"

/// The connect option asking the system to reconnect the peripheral itself after a disconnection; an `NSNumber` Bool.
public let CBConnectPeripheralOptionEnableAutoReconnect: String = "kCBConnectOptionAutoReconnect"
