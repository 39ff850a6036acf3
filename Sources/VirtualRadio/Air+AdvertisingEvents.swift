import HCI

/// What one advertising event puts on the air: reports to scanners, scan requests and responses, and
/// connections to waiting initiators.
extension Air {
    /// Enables an advertising set: it advertises at once, then every interval, until stopped.
    func startAdvertising(_ key: AdvertisingSetKey, on c: ControllerState) {
        guard var set = c.advertisingSets[key] else { return }
        set.enabled = true
        set.eventsSent = 0
        set.resolvablePrivateAddress = nil
        if set.ownAddressType.rawValue >= 0x02, let irk = c.localIRK(toward: set.peer) {
            set.resolvablePrivateAddress = ResolvablePrivateAddress.make(irk: irk, using: &noise)
        }
        c.advertisingSets[key] = set
        let start = now
        schedule(.advertising(key), on: c, at: start + set.interval + advertisingDelay())
        var duration: Duration? = set.duration > 0 ? .milliseconds(Int64(set.duration) * 10) : nil
        if set.isHighDutyDirected {
            duration = min(duration ?? .milliseconds(1280), .milliseconds(1280))
        }
        if let duration {
            schedule(.advertisingDuration(key), on: c, at: start + duration)
        } else {
            c.cancelTimer(.advertisingDuration(key))
        }
        advertisingEvent(key, on: c)
    }

    /// The advertising timer fired: one event, and the next one armed an interval later.
    func advertisingTick(_ key: AdvertisingSetKey, on c: ControllerState, at deadline: Duration) {
        guard let set = c.advertisingSets[key], set.enabled else { return }
        var next = deadline + set.interval + advertisingDelay()
        let reached = clock.elapsed
        if next < reached { next = reached + set.interval }
        schedule(.advertising(key), on: c, at: next)
        advertisingEvent(key, on: c)
    }

    /// The pseudo-random delay added to each advertising event: none on an instant air, 0 to 10 ms on a timed one.
    ///
    /// Bluetooth Core Specification Vol 6, Part B, 4.4.2.2.1 (advDelay).
    func advertisingDelay() -> Duration {
        guard timing == .timed else { return .zero }
        return .microseconds(Int64.random(in: 0...10_000, using: &noise))
    }

    /// Ends advertising whose duration elapsed (at most 1.28 s for high duty cycle directed advertising):
    /// legacy advertising reports a failed connection, an extended set Advertising Set Terminated; both with
    /// Advertising Timeout (0x3C).
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.9 and 7.7.65.18.
    func advertisingTimedOut(_ key: AdvertisingSetKey, on c: ControllerState) {
        guard let set = c.advertisingSets[key], set.enabled else { return }
        c.stopAdvertising(key)
        switch key {
        case .legacy:
            emit(c.connectionFailureEvent(.advertisingTimeout, role: .peripheral), to: c)
        case .extended(let handle):
            emit(
                LEAdvertisingSetTerminatedEvent(
                    status: .advertisingTimeout, advertisingHandle: handle, handle: ConnectionHandle(rawValue: 0),
                    numCompletedExtendedAdvertisingEvents: UInt8(clamping: set.eventsSent)),
                to: c)
        }
    }

    /// One advertising event of one set: each scanner in range hears it (on a timed air, once for each of its
    /// PDUs that falls in one of the scanner's windows), then a waiting initiator may connect.
    func advertisingEvent(_ key: AdvertisingSetKey, on advertiser: ControllerState) {
        guard let set = advertiser.advertisingSets[key], set.enabled else { return }
        var transmissions: [AdvertisingTransmission]?
        for id in listeners.scanning where id != advertiser.id {
            guard let scanner = controllers[id] else { continue }
            var heard = 1
            if let listening = scanner.scan?.listening {
                let sent = transmissions ?? AdvertisingTransmission.event(of: set, at: now)
                transmissions = sent
                heard = sent.count(where: listening.hears)
            }
            for _ in 0..<heard { deliver(key, of: advertiser, to: scanner) }
        }
        if set.isConnectable {
            for id in listeners.initiating where id != advertiser.id {
                guard let initiator = controllers[id] else { continue }
                if connectIfMatching(initiator: initiator, advertiser: advertiser, key: key) { return }
            }
        }
        guard var counted = advertiser.advertisingSets[key], counted.enabled else { return }
        counted.eventsSent += 1
        advertiser.advertisingSets[key] = counted
        if case .extended(let handle) = key, counted.maxEvents > 0, counted.eventsSent >= Int(counted.maxEvents) {
            advertiser.stopAdvertising(key)
            emit(
                LEAdvertisingSetTerminatedEvent(
                    status: ControllerError.limitReached.status, advertisingHandle: handle,
                    handle: ConnectionHandle(rawValue: 0),
                    numCompletedExtendedAdvertisingEvents: UInt8(clamping: counted.eventsSent)),
                to: advertiser)
        }
    }

    /// Lets a scanner hear every set now advertising on the air (scanning was just enabled).
    func sweepAdvertisers(for scanner: ControllerState) {
        for id in order where id != scanner.id {
            guard let advertiser = controllers[id], advertiser.isAdvertising else { continue }
            for key in advertiser.advertisingSets.keys.sorted() where advertiser.advertisingSets[key]?.enabled == true {
                deliver(key, of: advertiser, to: scanner)
            }
        }
    }

    /// One scanner hears one advertising event: the report, and for active scanning the scan response.
    func deliver(_ key: AdvertisingSetKey, of advertiser: ControllerState, to scanner: ControllerState) {
        guard let scan = scanner.scan, let set = advertiser.advertisingSets[key], set.enabled,
            inRange(advertiser, scanner)
        else { return }
        if scan.family == .legacy, !set.isLegacy { return }
        let onAir = advertiser.advertiserAddress(key)
        if !set.isAnonymous, onAir == nil { return }
        let advertiserAddress = onAir.map { scanner.resolve($0).identity }
        var target: DeviceAddress?
        if set.isDirected {
            guard let own = scanner.ownAddress(scan.parameters.ownAddressType), own.matches(set.peer) else { return }
            target = own
        }
        if scan.parameters.filterPolicy & 0x01 != 0 {
            guard let advertiserAddress, scanner.accepts(advertiserAddress) else { return }
        }
        let rssi = rssi(from: advertiser, to: scanner)
        report(set, from: advertiserAddress, target: target, scanResponse: false, rssi: rssi, to: scanner)
        guard scan.parameters.type == .active, set.isScannable, let advertiserAddress,
            let scannerAddress = scanner.ownAddress(scan.parameters.ownAddressType)
        else { return }
        if set.filterPolicy == 1 || set.filterPolicy == 3 {
            guard advertiser.accepts(scannerAddress) else { return }
        }
        if case .extended(let handle) = key, set.scanRequestNotification {
            emit(
                LEScanRequestReceivedEvent(
                    advertisingHandle: handle, scannerAddressType: scannerAddress.type,
                    scannerAddress: scannerAddress.address),
                to: advertiser)
        }
        report(set, from: advertiserAddress, target: nil, scanResponse: true, rssi: rssi, to: scanner)
    }

    /// Sends the reports one heard PDU gives the scanner's host, unless it is a filtered duplicate.
    private func report(
        _ set: AdvertisingSet, from advertiser: DeviceAddress?, target: DeviceAddress?,
        scanResponse: Bool, rssi: Int8, to scanner: ControllerState
    ) {
        guard var scan = scanner.scan else { return }
        let heard = scan.reports(of: set, from: advertiser, target: target, scanResponse: scanResponse, rssi: rssi)
        scanner.scan = scan
        for report in heard {
            switch report {
            case .legacy(let report): emitReport(report, to: scanner)
            case .extended(let report): emit(LEExtendedAdvertisingReportEvent(reports: [report]), to: scanner)
            }
        }
    }
}
