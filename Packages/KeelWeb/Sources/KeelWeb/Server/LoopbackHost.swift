import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension WebOptions {
    /// Whether every address `host` resolves to is a loopback address
    /// (`127.0.0.0/8` or `::1`), so that a server listening there is reached
    /// from this machine only.
    ///
    /// Decided on the addresses, not the name: `127.0.0.1.example.test` may
    /// resolve to a network address, and `localhost` to loopback ones. A name
    /// that does not resolve is not loopback.
    public static func isLoopback(_ host: String) -> Bool {
        var hints = addrinfo()
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard !host.isEmpty, getaddrinfo(host, nil, &hints, &found) == 0, let first = found else { return false }
        defer { freeaddrinfo(first) }
        var sawOne = false
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            guard let address = entry.pointee.ai_addr else { return false }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
                // The first byte in network order is 127.
                guard UInt32(bigEndian: ipv4) >> 24 == 127 else { return false }
            case AF_INET6:
                let ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
                guard bytes == Array(repeating: 0, count: 15) + [1] else { return false }
            default:
                return false
            }
            sawOne = true
        }
        return sawOne
    }
}
