import CountriesApp
import CountriesDomain
import Foundation
import KeelTesting

/// Waits until `condition` holds, checking after each turn of the main actor;
/// gives up after `seconds` and returns whether it held.
@MainActor
func eventually(within seconds: Double = 5, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

/// A raft holding the sample countries, with the list query running.
func sampleRaft(web: (any CountryWebWork)? = nil, logbook: MemoryLogbook = MemoryLogbook()) async throws -> Raft {
    let raft = try await Raft(countries: Country.samples, web: web, logbook: logbook)
    raft.startFollowingCountries()
    var lists = raft.appState.values { $0.countries }.makeAsyncIterator()
    while let list = await lists.next(), list.value?.count != Country.samples.count {}
    return raft
}

/// A web service that fails, answers, or hangs until cancelled, as the test says.
final class ScriptedWeb: CountryWebWork, @unchecked Sendable {
    // @unchecked: `mode` is only touched under `lock`.
    enum Mode { case fail(CountryFizzle), answer([Country]), hang }
    private let lock = NSLock()
    private var mode: Mode
    private var sawCancellationFlag = false
    private var requestCount = 0

    init(_ mode: Mode) { self.mode = mode }

    func set(_ mode: Mode) { lock.withLock { self.mode = mode } }
    var sawCancellation: Bool { lock.withLock { sawCancellationFlag } }
    /// How many requests were made.
    var requests: Int { lock.withLock { requestCount } }

    private func respond() async throws(CountryFizzle) -> [Country] {
        let mode = lock.withLock {
            requestCount += 1
            return self.mode
        }
        switch mode {
        case .fail(let fizzle): throw fizzle
        case .answer(let countries): return countries
        case .hang:
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(2)) }
            lock.withLock { sawCancellationFlag = true }
            throw .timeout
        }
    }

    func countries() async throws(CountryFizzle) -> [Country] { try await respond() }

    func country(code: String) async throws(CountryFizzle) -> Country {
        guard let country = try await respond().first(where: { $0.code == code }) else { throw .notFound(code: code) }
        return country
    }
}
