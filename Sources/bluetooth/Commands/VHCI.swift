import ArgumentParser
import Foundation
import HCI
import VirtualRadio

/// `bluetooth vhci`: a Linux kernel adapter (`hciN`, made through the `hci_vhci` driver) whose controller is
/// ours: a virtual controller in this process, or any controller a transport spec reaches, such as one of a
/// `bluetooth sim` (`--connect tcp:HOST:PORT`). BlueZ, bleak or a browser's Web Bluetooth then see an ordinary
/// adapter. Runs until SIGINT or SIGTERM, or until the controller's side goes away; the adapter goes with it.
struct VHCI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vhci",
        abstract: "Give the Linux kernel an adapter (hciN through /dev/vhci) driven by our controller.")

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The controller: tcp:HOST:PORT (e.g. a 'bluetooth sim'), unix:PATH or serial:DEVICE[@BAUD]; "
                + "without it, a virtual controller in this process."))
    var connect: String?

    @Option(name: .long, help: "The vhci driver's device.")
    var device = VHCIControllerTransport.defaultDevicePath

    @Option(name: .long, help: "Write every HCI packet between the kernel and the controller to this btsnoop file.")
    var btsnoop: String?

    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    @Flag(name: .customShort("v"), help: "Log protocol details (repeat for more).")
    var verbosity: Int

    func validate() throws {
        guard let connect else { return }
        let spec: TransportSpec
        do {
            spec = try TransportSpec(parsing: connect)
        } catch {
            throw ValidationError(error.description)
        }
        if case .virtual = spec {
            throw ValidationError("--connect needs a controller; leave it out for a virtual one")
        }
    }

    func run() async throws {
        try await CommandFailure.reporting("vhci") {
            let controller: any HCITransport
            let controllerName: String
            do {
                if let connect {
                    controller = try await TransportSpec(parsing: connect).open()
                    controllerName = "the controller at \(connect)"
                } else {
                    controller = await VirtualAir.shared.makeController()
                    controllerName = "a virtual controller"
                }
            } catch let error as TransportError {
                throw CommandFailure(error.description)
            }
            let adapter: VHCIControllerTransport
            do {
                adapter = try await VHCIControllerTransport.open(path: device)
            } catch {
                await controller.close()
                throw CommandFailure("\(error)")
            }
            let signals = Signals.exitCleanlyOnTermination()
            Narrator(json: json).step(
                "adapter", "hci\(adapter.index) is driven by \(controllerName).",
                ["adapter": "hci\(adapter.index)", "controller": connect ?? "virtual"])
            if let btsnoop {
                let logged: SnoopingTransport
                do {
                    logged = try SnoopingTransport(wrapping: adapter, path: btsnoop, perspective: .controller)
                } catch let error as TransportError {
                    await adapter.close()
                    await controller.close()
                    throw CommandFailure(error.description)
                }
                await HCIBridge.run(logged, controller)
            } else {
                await HCIBridge.run(adapter, controller)
            }
            withExtendedLifetime(signals) {}
            throw CommandFailure("the controller's side closed; hci\(adapter.index) is gone")
        }
    }
}
