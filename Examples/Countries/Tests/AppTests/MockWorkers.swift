import CountriesDomain
import Foundation
import KeelTesting

/// Waits until `condition` holds, checking after each turn; gives up after
/// `seconds` and returns whether it held.
func until(within seconds: Double = 5, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// A web worker that records its calls and answers what the test scripted.
final class MockWebWork: CountryWebWork, @unchecked Sendable {
    // @unchecked: the scripted answers and `hangs` are read and written
    // under `lock`; the recorder is thread-safe.
    enum Call: Equatable, Sendable {
        case countries
        case country(code: String)
    }

    let calls = CallRecorder<Call>()
    private let lock = NSLock()
    private var countriesAnswer: Result<[Country], CountryFizzle>
    private var countryAnswers: [String: Result<Country, CountryFizzle>]
    private var hangsFlag = false
    /// When set, calls wait until cancelled (to test cancellation).
    var hangs: Bool {
        get { lock.withLock { hangsFlag } }
        set { lock.withLock { hangsFlag = newValue } }
    }

    init(countries: Result<[Country], CountryFizzle> = .success([]), country: [String: Result<Country, CountryFizzle>] = [:]) {
        countriesAnswer = countries
        countryAnswers = country
    }

    func answer(countries: Result<[Country], CountryFizzle>) {
        lock.withLock { countriesAnswer = countries }
    }

    func countries() async throws(CountryFizzle) -> [Country] {
        calls.record(.countries)
        if hangs { await waitForCancellation() }
        return try lock.withLock { countriesAnswer }.get()
    }

    func country(code: String) async throws(CountryFizzle) -> Country {
        calls.record(.country(code: code))
        if hangs { await waitForCancellation() }
        guard let answer = lock.withLock({ countryAnswers[code] }) else { throw .notFound(code: code) }
        return try answer.get()
    }

    private func waitForCancellation() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// A database worker in memory that records its calls.
final class MockDatabaseWork: CountryDatabaseWork, @unchecked Sendable {
    // @unchecked: `saved` and `failure` are only touched under `lock`.
    enum Call: Equatable, Sendable {
        case countries
        case country(code: String)
        case countriesWithCodes([String])
        case save([String])
        case replaceAll([String])
        case search(String)
        case isEmpty
    }

    let calls = CallRecorder<Call>()
    private let lock = NSLock()
    private var saved: [String: Country]
    private var failure: CountryFizzle?
    private var scriptedSearch: [String]?
    private let changes = AsyncStream<Void>.makeStream()

    init(countries: [Country] = [], failure: CountryFizzle? = nil) {
        saved = Dictionary(uniqueKeysWithValues: countries.map { ($0.code, $0) })
        self.failure = failure
    }

    private func check() throws(CountryFizzle) {
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    private var sorted: [Country] {
        lock.withLock { saved.values.sorted { $0.name.common < $1.name.common } }
    }

    func countries() async throws(CountryFizzle) -> [Country] {
        calls.record(.countries)
        try check()
        return sorted
    }

    func observeCountries() -> AsyncThrowingStream<[Country], any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                if let failure = lock.withLock({ failure }) {
                    continuation.finish(throwing: failure)
                    return
                }
                continuation.yield(sorted)
                for await _ in changes.stream {
                    continuation.yield(sorted)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func country(code: String) async throws(CountryFizzle) -> Country? {
        calls.record(.country(code: code))
        try check()
        return lock.withLock { saved[code] }
    }

    func countries(codes: [String]) async throws(CountryFizzle) -> [Country] {
        calls.record(.countriesWithCodes(codes))
        try check()
        return lock.withLock { codes.compactMap { saved[$0] } }
    }

    func save(_ countries: [Country]) async throws(CountryFizzle) {
        calls.record(.save(countries.map(\.code)))
        try check()
        lock.withLock {
            for country in countries { saved[country.code] = country }
        }
        changes.continuation.yield()
    }

    func replaceAll(with countries: [Country]) async throws(CountryFizzle) {
        calls.record(.replaceAll(countries.map(\.code)))
        try check()
        lock.withLock {
            saved = Dictionary(countries.map { ($0.code, $0) }, uniquingKeysWith: { _, last in last })
        }
        changes.continuation.yield()
    }

    /// What ``search(_:)`` answers, whatever the text.
    var searchAnswer: [String] {
        get { lock.withLock { scriptedSearch ?? [] } }
        set { lock.withLock { scriptedSearch = newValue } }
    }

    func search(_ text: String) async throws(CountryFizzle) -> [String] {
        calls.record(.search(text))
        try check()
        return searchAnswer
    }

    func isEmpty() async throws(CountryFizzle) -> Bool {
        calls.record(.isEmpty)
        try check()
        return lock.withLock { saved.isEmpty }
    }
}

/// A snapshot that serves fixed countries, or fails.
struct MockBundleWork: CountryBundleWork {
    var result: Result<[Country], CountryFizzle>

    func countries() throws(CountryFizzle) -> [Country] {
        try result.get()
    }
}
