/// Joins two transports: every packet one side receives is sent to the other, in order, with its
/// boundaries kept, until either side ends; then both are closed.
///
/// `bluetooth sim` joins each client to its virtual controller this way, and `bluetooth vhci` joins a
/// kernel adapter to a controller.
public enum HCIBridge {
    /// Pumps packets both ways until one side ends or fails, or the task is cancelled; closes both.
    public static func run(_ first: any HCITransport, _ second: any HCITransport) async {
        await withTaskCancellationHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { await pump(from: first, to: second) }
                group.addTask { await pump(from: second, to: first) }
            }
        } onCancel: {
            Task {
                await first.close()
                await second.close()
            }
        }
    }

    /// Forwards `source`'s packets to `destination`, each batch received in one send, until either fails;
    /// then closes `destination`.
    private static func pump(from source: any HCITransport, to destination: any HCITransport) async {
        do {
            try await source.forEachBatch { try await destination.send(contentsOf: $0) }
        } catch {}
        await destination.close()
    }
}
