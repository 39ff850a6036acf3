import ArgumentParser
import Foundation
import HCI
import Host
import VirtualRadio

/// `bluetooth info`: what the controller behind `--transport` is and what will work on it.
struct Info: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the controller: company, Bluetooth version, address, LE features, buffers, list sizes, "
            + "and which CoreBluetooth features will work on it.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let spec = try options.transportSpec(environment: ProcessInfo.processInfo.environment)
        var transport: any HCITransport
        do {
            if spec == .virtual {
                transport = await VirtualAir.shared.makeController()
            } else {
                transport = try await spec.open()
            }
            if let btsnoop = options.btsnoop { transport = try SnoopingTransport(wrapping: transport, path: btsnoop) }
        } catch {
            Self.fail("\(spec): \(error)")
        }
        let controller = ControllerChannel(transport: transport)
        let report: ControllerReport
        do {
            let info = try await controller.setUp()
            let acceptList = try await controller.execute(LEReadFilterAcceptListSizeCommand()).filterAcceptListSize
            let resolvingList = try? await controller.execute(LEReadResolvingListSizeCommand()).resolvingListSize
            report = ControllerReport(
                info: info, filterAcceptListSize: Int(acceptList), resolvingListSize: resolvingList.map(Int.init))
        } catch {
            await controller.close()
            Self.fail("\(spec): \(error)")
        }
        await controller.close()
        if options.json {
            let data = try JSONSerialization.data(withJSONObject: report.json, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            for line in report.text { print(line) }
        }
    }

    private static func fail(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("bluetooth info: \(reason)\n".utf8))
        Foundation.exit(1)
    }
}
