import KeelWeb
import Testing

@Suite("A host is loopback when every address it resolves to is", .timeLimit(.minutes(1)))
struct LoopbackHostTests {
    @Test("loopback addresses and localhost are; the wildcard, network addresses and names that only look like 127.x are not")
    func loopback() {
        for host in ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "localhost"] {
            #expect(WebOptions.isLoopback(host), "\(host)")
        }
        // 127.0.0.1.example.test starts like a loopback address: decided on
        // what it resolves to (nothing here, or a network address), it is not one.
        for host in ["0.0.0.0", "::", "10.0.0.1", "192.168.1.1", "128.0.0.1", "::2", "127.0.0.1.example.test", "", "not a host"] {
            #expect(!WebOptions.isLoopback(host), "\(host)")
        }
    }
}
