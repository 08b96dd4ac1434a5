import CountriesApp
import CountriesDomain
import CountriesTesting
import Foundation
import Keel
import KeelTesting

/// A raft holding the sample countries, with the list query running and the
/// list loaded; the test cancels `following` when it ends (`defer`).
func sampleRaft(
    web: (any CountryWebWork)? = nil, logbook: MemoryLogbook = MemoryLogbook()
) async throws -> (raft: Vessel, following: Task<Void, Never>) {
    let raft = try await Vessel.raft(countries: Country.samples, web: web, logbook: logbook)
    let following = Task { await raft.followCountriesQuery() }
    for await list in raft.appState.values({ $0.countries }) where list.value?.count == Country.samples.count { break }
    return (raft, following)
}

/// A web service that fails, answers, or hangs until cancelled, as the test
/// scripted; the script can change after the raft is built.
struct ScriptedWeb: CountryWebWork {
    enum Mode: Sendable { case fail(CountryFizzle), answer([Country]), hang }

    /// What each request does, in order (the last one again for later requests).
    let modes: Answers<Mode>
    /// The requests made.
    let calls = CallRecorder<String>()
    /// Whether a hanging request saw its cancellation.
    var sawCancellation: Bool { cancelled.withLock { $0 } }
    private let cancelled = Locked(false)

    init(_ mode: Mode) { modes = Answers(mode) }

    private func respond(_ request: String) async throws(CountryFizzle) -> [Country] {
        calls.record(request)
        switch modes.next() {
        case .fail(let fizzle): throw fizzle
        case .answer(let countries): return countries
        case .hang:
            // Only cancellation ends the sleep (the suite's time limit bounds it).
            try? await Task.sleep(for: .seconds(3_600))
            cancelled.withLock { $0 = true }
            throw .timeout
        }
    }

    func countries() async throws(CountryFizzle) -> [Country] { try await respond("all") }

    func country(code: String) async throws(CountryFizzle) -> Country {
        guard let country = try await respond(code).first(where: { $0.code == code }) else { throw .notFound(code: code) }
        return country
    }
}
