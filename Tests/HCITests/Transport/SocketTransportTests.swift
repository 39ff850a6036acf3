import Foundation
import Testing

@testable import HCI

@Suite("TCP and UNIX socket transports", .timeLimit(.minutes(2)))
struct SocketTransportTests {
    @Test("a TCP client and a listener's accepted connection exchange many packets both ways, in order")
    func tcpExchange() async throws {
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        #expect(listener.port != 0)
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: listener.port)
        var accepted = listener.connections.makeAsyncIterator()
        let server = try #require(try await accepted.next())
        try await TransportFixtures.exchange(
            client, server,
            outbound: TransportFixtures.varied(count: 3000),
            inbound: TransportFixtures.varied(count: 2000).reversed())
        await client.close()
        await server.close()
        await listener.close()
    }

    @Test("the listener hands over each client as its own transport")
    func tcpSeveralClients() async throws {
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        var accepted = listener.connections.makeAsyncIterator()
        for index in 0..<3 {
            let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: listener.port)
            let server = try #require(try await accepted.next())
            let packet = TransportFixtures.varied(count: index + 1)[index]
            try await client.send(packet)
            #expect(try await TransportFixtures.receive(1, from: server) == [packet])
            await client.close()
            await server.close()
        }
        await listener.close()
        #expect(try await accepted.next() == nil)
    }

    @Test("closing one end of a TCP connection finishes the other end's incoming")
    func tcpPeerClose() async throws {
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: listener.port)
        var accepted = listener.connections.makeAsyncIterator()
        let server = try #require(try await accepted.next())
        try await server.send(TransportFixtures.resetComplete)
        await server.close()
        var received: [HCIPacket] = []
        for try await packet in client.incoming { received.append(packet) }
        #expect(received == [TransportFixtures.resetComplete])
        await #expect(throws: TransportError.closed) { try await client.send(TransportFixtures.reset) }
        await #expect(throws: TransportError.closed) { try await server.send(TransportFixtures.reset) }
        await client.close()
        await listener.close()
    }

    @Test("a UNIX socket client and its server exchange many packets both ways, in order")
    func unixExchange() async throws {
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("controller.sock").path
        let socketServer = try UnixSocketServer(path: path)
        async let accepted = socketServer.accept()
        let spec = try TransportSpec(parsing: "unix:\(path)")
        let client = try await spec.open()
        let server = try await accepted
        try await TransportFixtures.exchange(
            client, server,
            outbound: TransportFixtures.varied(count: 2000),
            inbound: TransportFixtures.varied(count: 3000).reversed())
        await client.close()
        await server.close()
    }

    @Test("connecting to a closed TCP port fails with openFailed naming the spec and the cause")
    func tcpRefused() async throws {
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        let port = listener.port
        await listener.close()
        let spec = try TransportSpec(parsing: "tcp:127.0.0.1:\(port)")
        let error = try await #require(throws: TransportError.self) { try await spec.open() }
        #expect(error == .openFailed(spec: "tcp:127.0.0.1:\(port)", reason: "cannot connect (Connection refused)"))
        #expect("\(error)" == "cannot open transport 'tcp:127.0.0.1:\(port)': cannot connect (Connection refused)")
    }

    @Test("connecting to a UNIX socket path with no server fails with openFailed naming the spec")
    func unixMissing() async throws {
        let spec = TransportSpec.unix(path: "/nonexistent/hci.sock")
        let error = try await #require(throws: TransportError.self) { try await spec.open() }
        #expect(
            error
                == .openFailed(spec: "unix:/nonexistent/hci.sock", reason: "cannot connect (No such file or directory)")
        )
    }

    @Test("an unresolvable TCP host fails with openFailed naming the spec")
    func tcpUnresolvable() async throws {
        let error = try await #require(throws: TransportError.self) {
            try await TransportSpec.tcp(host: "no-such-host.invalid", port: 9000).open()
        }
        guard case .openFailed(let spec, let reason) = error else {
            Issue.record("expected openFailed, got \(error)")
            return
        }
        #expect(spec == "tcp:no-such-host.invalid:9000")
        #expect(reason.hasPrefix("cannot resolve host 'no-such-host.invalid'"))
    }

    @Test("listening on a port already in use fails with openFailed naming the address")
    func listenInUse() async throws {
        let first = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        let error = try await #require(throws: TransportError.self) {
            try await TCPListener.listen(host: "127.0.0.1", port: first.port)
        }
        #expect(error == .openFailed(spec: "127.0.0.1:\(first.port)", reason: "cannot bind (Address already in use)"))
        await first.close()
    }
}
