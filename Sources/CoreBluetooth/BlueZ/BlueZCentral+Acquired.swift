import BlueZ

/// Notifications through `AcquireNotify` and writes without response through `AcquireWrite`, where bluetoothd offers
/// them (its `NotifyAcquired` and `WriteAcquired` properties): values go over a socket, one datagram each, instead of
/// one D-Bus message each.
extension BlueZCentral {
    /// Turns notifications on through `AcquireNotify`: bluetoothd enables them on the peer, then answers with the
    /// socket their values arrive on.
    func acquireNotifications(for characteristic: CBCharacteristic, at path: String, of peripheral: CBPeripheral) {
        run(
            peripheral, "setNotifyValue",
            { client, _ throws(BlueZError) in try await client.acquire(.notify, path) }
        ) { [self] link, result in
            let opened = result.flatMap { acquired in
                Result { () throws(BlueZError) in
                    try BlueZValueSocket(adopting: acquired.socket, mtu: acquired.mtu, queue: queue)
                }.mapError { $0 as any Error }
            }
            if case .success(let socket) = opened {
                link.notifySockets[path] = socket
                characteristic.isNotifying = true
                socket.startReading(
                    onValue: { [weak characteristic] value in
                        guard let characteristic, characteristic.isNotifying else { return }
                        Self.deliver(value, to: characteristic, of: peripheral)
                    },
                    onEnd: { [weak self] in
                        self?.notificationSocketEnded(for: characteristic, at: path, of: peripheral, link: link)
                    })
            }
            peripheral.delegate?.peripheral(
                peripheral, didUpdateNotificationStateFor: characteristic, error: opened.failure)
        }
    }

    /// Turns notifications off by closing their socket; reported once bluetoothd has seen it closed.
    func releaseNotifications(
        _ socket: BlueZValueSocket, for characteristic: CBCharacteristic, at path: String, of peripheral: CBPeripheral
    ) {
        socket.close()
        run(
            peripheral, "setNotifyValue",
            { client, _ throws(BlueZError) in await Self.released(.notify, path, on: client) }
        ) { link, _ in
            link.notifySockets[path] = nil
            characteristic.isNotifying = false
            peripheral.delegate?.peripheral(peripheral, didUpdateNotificationStateFor: characteristic, error: nil)
        }
    }

    /// bluetoothd closed a notification socket while the link is up (e.g. the characteristic went away): the
    /// notifications go on through `StartNotify`; when that fails too, the app hears that they stopped. When the
    /// link is going down, its disconnection says so instead.
    private func notificationSocketEnded(
        for characteristic: CBCharacteristic, at path: String, of peripheral: CBPeripheral, link: BlueZLink
    ) {
        link.notifySockets[path] = nil
        guard links[link.devicePath] === link else { return }
        CoreBluetoothLog.warning(
            "notifications of \(characteristic) go through StartNotify: bluetoothd closed the socket")
        run(
            peripheral, "setNotifyValue",
            { client, devicePath throws(BlueZError) in
                await Self.released(.notify, path, on: client)
                guard client.device(devicePath)?.isConnected == true else {
                    throw BlueZError(name: "org.bluez.Error.NotConnected", message: "Not connected")
                }
                try await client.setNotifying(true, path)
            }
        ) { [self] current, result in
            guard let error = result.failure, links[current.devicePath] === link else { return }
            characteristic.isNotifying = false
            peripheral.delegate?.peripheral(peripheral, didUpdateNotificationStateFor: characteristic, error: error)
        }
    }

    /// Writes without response through the characteristic's `AcquireWrite` socket, acquiring it at the first write.
    func writeWithoutResponse(
        _ bytes: [UInt8], for characteristic: CBCharacteristic, at path: String, of peripheral: CBPeripheral,
        link: BlueZLink
    ) {
        if let channel = link.writeChannels[path] {
            peripheral.canSendWriteWithoutResponse = channel.write(bytes)
            return
        }
        let channel = BlueZWriteChannel(
            onReady: { [weak peripheral] in
                guard let peripheral, peripheral.state == .connected else { return }
                peripheral.canSendWriteWithoutResponse = true
                peripheral.delegate?.peripheralIsReady(toSendWriteWithoutResponse: peripheral)
            },
            onFallback: { [weak self, weak peripheral] values in
                guard let self, let peripheral else { return }
                writeThroughWriteValue(values, for: characteristic, at: path, of: peripheral)
            })
        link.writeChannels[path] = channel
        peripheral.canSendWriteWithoutResponse = channel.write(bytes)
        run(
            peripheral, "writeValue",
            { client, _ throws(BlueZError) in try await client.acquire(.write, path) }
        ) { [queue] _, result in
            switch result {
            case .success(let acquired):
                do throws(BlueZError) {
                    channel.opened(try BlueZValueSocket(adopting: acquired.socket, mtu: acquired.mtu, queue: queue))
                } catch {
                    channel.refused(error)
                }
            case .failure(let error):
                channel.refused(error)
            }
        }
    }

    /// Writes values without response through `WriteValue` (type `command`), one call each (after a socket, once
    /// bluetoothd no longer holds it); `canSendWriteWithoutResponse` is false until the last call returns.
    func writeThroughWriteValue(
        _ values: [[UInt8]], for characteristic: CBCharacteristic, at path: String, of peripheral: CBPeripheral
    ) {
        let afterSocket = links[devicePath(of: peripheral)]?.writeChannels[path]?.hadSocket ?? false
        guard let last = values.indices.last else {
            guard peripheral.state == .connected, !peripheral.canSendWriteWithoutResponse else { return }
            peripheral.canSendWriteWithoutResponse = true
            peripheral.delegate?.peripheralIsReady(toSendWriteWithoutResponse: peripheral)
            return
        }
        peripheral.canSendWriteWithoutResponse = false
        for (index, value) in values.enumerated() {
            run(
                peripheral, "writeValue",
                { client, _ throws(BlueZError) in
                    try await Self.writeValue(
                        value, to: path, withResponse: false, afterSocket: afterSocket, on: client)
                }
            ) { _, result in
                if let error = result.failure {
                    CoreBluetoothLog.warning("write without response to \(characteristic) not sent: \(error)")
                }
                guard index == last else { return }
                peripheral.canSendWriteWithoutResponse = true
                peripheral.delegate?.peripheralIsReady(toSendWriteWithoutResponse: peripheral)
            }
        }
    }

    /// Returns once bluetoothd holds no socket of this kind for the characteristic: a round trip first, so that its
    /// signal that it took one has arrived, then its signal that it let go.
    static func released(_ kind: BlueZAcquire, _ path: String, on client: BlueZClient) async {
        await client.roundTrip()
        await client.waitUntilReleased(kind, path)
    }

    /// Writes a characteristic's value with `WriteValue`; `afterSocket` first waits until bluetoothd has let go of
    /// the write socket it handed out, since it refuses `WriteValue` while it holds one.
    static func writeValue(
        _ value: [UInt8], to path: String, withResponse: Bool, afterSocket: Bool, on client: BlueZClient
    ) async throws(BlueZError) {
        if afterSocket { await released(.write, path, on: client) }
        try await client.writeValue(value, to: path, descriptor: false, withResponse: withResponse)
    }
}
