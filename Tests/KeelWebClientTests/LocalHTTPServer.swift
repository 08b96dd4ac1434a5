import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the tests of ``URLSessionTransport``:
/// it answers every request with `response` and closes the connection.
///
/// `@unchecked Sendable` is sound because every stored property is a constant
/// set before the accepting thread starts.
final class LocalHTTPServer: @unchecked Sendable {
    /// The port the server listens on.
    let port: UInt16
    private let socketDescriptor: Int32
    private let response: String

    /// Starts a server that answers every request with the raw `response`.
    init(response: String) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        socketDescriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        self.response = response
        Thread.detachNewThread { [self] in serve() }
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Stops accepting connections: the accepting thread wakes and closes the socket.
    ///
    /// Only that thread closes it: closed here, its descriptor could be given
    /// to another test's server before the thread calls `accept` again, and
    /// the thread would answer that server's requests with its own response.
    func stop() {
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
    }

    private func serve() {
        defer { close(socketDescriptor) }
        while true {
            let client = accept(socketDescriptor, nil, nil)
            guard client >= 0 else { return }
            var request: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.ends(with: Array("\r\n\r\n".utf8)) {
                let count = read(client, &buffer, buffer.count)
                guard count > 0 else { break }
                request += buffer[..<count]
            }
            let bytes = Array(response.utf8)
            _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            close(client)
        }
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
