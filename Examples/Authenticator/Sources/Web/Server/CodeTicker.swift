import Foundation
import ServiceLifecycle

/// Tells the front-end's codes (``CodeBoard``) the time, once a second, as a
/// SwiftUI host's timer does: they change only when a period ends, and the
/// new codes are pushed to every list tab then.
struct CodeTicker: Service {
    let frontEnd: AuthenticatorFrontEnd

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    // Just after each whole second, when periods end.
                    let fraction = Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
                    try await Task.sleep(for: .milliseconds(Int((1 - fraction) * 1000) + 5))
                } catch {
                    return
                }
                await frontEnd.tick()
            }
        }
    }
}
