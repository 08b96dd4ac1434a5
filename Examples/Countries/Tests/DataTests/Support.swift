import CountriesDomain
import Foundation
import Keel
import KeelTesting
import Testing

/// The base URL the web worker tests mock.
let apiBase = URL(string: "https://countries.test/v3.1")!

/// The URL of `/all` with the field list of one of the worker's two requests.
func allURL(fields: [String]) -> URL {
    URL(string: "https://countries.test/v3.1/all?fields=\(fields.joined(separator: ","))")!
}

let listFields = ["name", "cca2", "cca3", "capital", "region", "subregion", "population", "area", "flag", "translations"]
let extraFields = ["cca3", "currencies", "languages", "borders"]

/// The real restcountries v3.1 sample (7 countries with every field).
func sampleData() throws -> Data {
    let url = try #require(Bundle.module.url(forResource: "restcountries-v3.1-sample", withExtension: "json", subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// A country with few fields, for database tests.
func country(_ code: String, _ common: String, region: String = "Europe", translations: [String: String] = [:]) -> Country {
    Country(
        code: code, alpha2: String(code.prefix(2)), name: .init(common: common, official: "Republic of \(common)"),
        translations: translations.mapValues { .init(common: $0, official: $0) },
        region: region, flag: "🏳️")
}

/// A temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("keel-data-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    var databaseFile: URL { url.appendingPathComponent("countries.sqlite") }

    var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
