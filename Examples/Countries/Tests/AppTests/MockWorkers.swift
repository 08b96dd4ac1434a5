import CountriesDomain
import Foundation
import Keel
import KeelTesting

/// A web worker that records its calls and answers what the test scripted;
/// the answers can change after the container is built.
struct MockWebWork: CountryWebWork {
    enum Call: Equatable, Sendable {
        case countries
        case country(code: String)
    }

    let calls = CallRecorder<Call>()
    /// What ``countries()`` answers.
    let countriesAnswers: Answers<Result<[Country], CountryFizzle>>
    /// What ``country(code:)`` answers, by code; a code missing is not found.
    let countryAnswers: [String: Result<Country, CountryFizzle>]
    /// While set, calls wait until they are cancelled (to test cancellation).
    var hangs: Bool {
        get { hanging.withLock { $0 } }
        nonmutating set { hanging.withLock { $0 = newValue } }
    }
    private let hanging = Locked(false)

    init(countries: Result<[Country], CountryFizzle> = .success([]), country: [String: Result<Country, CountryFizzle>] = [:]) {
        countriesAnswers = Answers(countries)
        countryAnswers = country
    }

    func countries() async throws(CountryFizzle) -> [Country] {
        calls.record(.countries)
        await hangIfAsked()
        return try countriesAnswers.next().get()
    }

    func country(code: String) async throws(CountryFizzle) -> Country {
        calls.record(.country(code: code))
        await hangIfAsked()
        guard let answer = countryAnswers[code] else { throw .notFound(code: code) }
        return try answer.get()
    }

    private func hangIfAsked() async {
        // A sleep that only cancellation ends (the test's time limit bounds it).
        if hangs { try? await Task.sleep(for: .seconds(3_600)) }
    }
}

/// A database worker in memory that records its calls.
struct MockDatabaseWork: CountryDatabaseWork {
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
    private let saved: Locked<[String: Country]>
    private let failure: CountryFizzle?
    /// What ``search(_:)`` answers, whatever the text.
    let searchAnswers = Answers<[String]>([])
    private let changes = AsyncStream<Void>.makeStream()

    init(countries: [Country] = [], failure: CountryFizzle? = nil) {
        saved = Locked(Dictionary(uniqueKeysWithValues: countries.map { ($0.code, $0) }))
        self.failure = failure
    }

    private func check() throws(CountryFizzle) {
        if let failure { throw failure }
    }

    private var sorted: [Country] {
        saved.withLock { $0.values.sorted { $0.name.common < $1.name.common } }
    }

    func countries() async throws(CountryFizzle) -> [Country] {
        calls.record(.countries)
        try check()
        return sorted
    }

    func observeCountries() -> AsyncThrowingStream<[Country], any Error> {
        AsyncThrowingStream { [self] continuation in
            let task = Task {
                if let failure {
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
        return saved.withLock { $0[code] }
    }

    func countries(codes: [String]) async throws(CountryFizzle) -> [Country] {
        calls.record(.countriesWithCodes(codes))
        try check()
        return saved.withLock { saved in codes.compactMap { saved[$0] } }
    }

    func save(_ countries: [Country]) async throws(CountryFizzle) {
        calls.record(.save(countries.map(\.code)))
        try check()
        saved.withLock { saved in
            for country in countries { saved[country.code] = country }
        }
        changes.continuation.yield()
    }

    func replaceAll(with countries: [Country]) async throws(CountryFizzle) {
        calls.record(.replaceAll(countries.map(\.code)))
        try check()
        saved.withLock { $0 = Dictionary(countries.map { ($0.code, $0) }, uniquingKeysWith: { _, last in last }) }
        changes.continuation.yield()
    }

    func search(_ text: String) async throws(CountryFizzle) -> [String] {
        calls.record(.search(text))
        try check()
        return searchAnswers.next()
    }

    func isEmpty() async throws(CountryFizzle) -> Bool {
        calls.record(.isEmpty)
        try check()
        return saved.withLock { $0.isEmpty }
    }
}

/// A snapshot that serves fixed countries, or fails.
struct MockBundleWork: CountryBundleWork {
    var result: Result<[Country], CountryFizzle>

    func countries() throws(CountryFizzle) -> [Country] {
        try result.get()
    }
}
