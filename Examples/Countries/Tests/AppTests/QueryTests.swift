@testable import CountriesApp
import CountriesDomain
import CountriesTesting
import Foundation
import Keel
import KeelTesting
import Testing

@Suite("The country-list query and seeding", .timeLimit(.minutes(1)))
struct QueryTests {
    @Test("the list follows the database: loading, then each saved list")
    func followsDatabase() async throws {
        let database = MockDatabaseWork(countries: [.japan])
        let raft = try await Vessel.raft(database: database, logbook: MemoryLogbook())
        let recorder = StateRecorder(raft.appState)
        let following = Task { await raft.followCountriesQuery() }
        var lists = raft.appState.values { $0.countries }.makeAsyncIterator()
        while let list = await lists.next(), list != .loaded([.japan]) {}
        try await database.save([.france])
        while let list = await lists.next(), list != .loaded([.france, .japan]) {}
        following.cancel()
        await following.value
        recorder.expect(
            { $0.countries = .loading(last: nil) },
            { $0.countries = .loaded([.japan]) },
            { $0.countries = .loaded([.france, .japan]) })
    }

    @Test("a database that fails puts the list in a failed state")
    func failingDatabase() async throws {
        let raft = try await Vessel.raft(database: MockDatabaseWork(failure: .storageFailed), logbook: MemoryLogbook())
        let following = Task { await raft.followCountriesQuery() }
        defer { following.cancel() }
        var lists = raft.appState.values { $0.countries }.makeAsyncIterator()
        while let list = await lists.next(), list.error == nil {}
        #expect(raft.appState.state.countries == .failed(CountryFizzle.storageFailed, last: nil))
    }

    @Test("an empty database is seeded from the snapshot; a full one is left alone")
    func seeding() async throws {
        let empty = MockDatabaseWork()
        let vessel = Vessel(
            web: MockWebWork(), database: empty, bundle: MockBundleWork(result: .success([.japan, .france])),
            logbook: MemoryLogbook())
        try await vessel.seedIfEmpty()
        empty.calls.expect([.isEmpty, .save(["JPN", "FRA"])])
        try await vessel.seedIfEmpty()
        empty.calls.expect([.isEmpty])
    }

    @Test("a snapshot that cannot be read fails seeding with a user-facing error")
    func unreadableSnapshot() async throws {
        let vessel = Vessel(
            web: MockWebWork(), database: MockDatabaseWork(), bundle: MockBundleWork(result: .failure(.storageFailed)),
            logbook: MemoryLogbook())
        await #expect(throws: CountryFizzle.storageFailed) { try await vessel.seedIfEmpty() }
    }
}
