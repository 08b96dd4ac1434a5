@testable import CountriesData
import CountriesDomain
import Foundation
import Keel
import KeelTesting
import Testing

@Suite("CountryWebWorker reads the restcountries API and maps every failure", .timeLimit(.minutes(1)))
struct CountryWebWorkerTests {
    let mock = HTTPMock()
    let logbook = MemoryLogbook()

    func worker(timeout: Duration = .seconds(5)) -> CountryWebWorker {
        CountryWebWorker(baseURL: apiBase, transport: mock, timeout: timeout, logbook: logbook)
    }

    @Test("the real sample decodes, merged from the two /all requests")
    func realSample() async throws {
        let sample = try sampleData()
        mock.register(.get, allURL(fields: listFields), with: .data(sample))
        mock.register(.get, allURL(fields: extraFields), with: .data(sample))

        let countries = try await worker().countries()

        #expect(countries.map(\.code) == ["BRA", "CHE", "DEU", "FRA", "ITA", "JPN", "KOR"])
        let korea = try #require(countries.first { $0.code == "KOR" })
        #expect(korea.alpha2 == "KR")
        #expect(korea.name == Country.Name(common: "South Korea", official: "Republic of Korea"))
        #expect(korea.capitals == ["Seoul"])
        #expect(korea.currencies == [Currency(code: "KRW", name: "South Korean won", symbol: "₩")])
        #expect(korea.languages == [Language(code: "kor", name: "Korean")])
        #expect(korea.borders == ["PRK"])
        #expect(korea.translations["kor"]?.common == "한국")
        #expect(korea.nativeNames["kor"]?.common == "한국")
        #expect(korea.region == "Asia")
        #expect(korea.subregion == "Eastern Asia")
        #expect(korea.flag == "🇰🇷")
        #expect(korea.population > 50_000_000)
        #expect(korea.area == 100210)
        #expect(mock.requests.count == 2)
        #expect(logbook.entries.isEmpty)
    }

    @Test("countries lacking optional fields decode with empty values")
    func missingOptionalFields() async throws {
        let list = #"[{"name":{"common":"Antarctica","official":"Antarctica"},"cca2":"AQ","cca3":"ATA","region":"Antarctic"},{"name":{"common":"Bolivia","official":"Plurinational State of Bolivia"},"cca2":"BO","cca3":"BOL","capital":["Sucre","La Paz"],"region":"Americas","population":11673029}]"#
        let extras = #"[{"cca3":"ATA"},{"cca3":"BOL","currencies":{"BOB":{"name":"Bolivian boliviano"}},"languages":{"spa":"Spanish","aym":"Aymara"},"borders":["ARG","BRA"]}]"#
        mock.register(.get, allURL(fields: listFields), with: .text(list))
        mock.register(.get, allURL(fields: extraFields), with: .text(extras))

        let countries = try await worker().countries()

        let antarctica = try #require(countries.first)
        #expect(antarctica.capitals.isEmpty)
        #expect(antarctica.currencies.isEmpty)
        #expect(antarctica.languages.isEmpty)
        #expect(antarctica.borders.isEmpty)
        #expect(antarctica.translations.isEmpty)
        #expect(antarctica.subregion == nil)
        #expect(antarctica.area == nil)
        #expect(antarctica.flag == "🇦🇶")
        let bolivia = try #require(countries.last)
        #expect(bolivia.capitals == ["Sucre", "La Paz"])
        #expect(bolivia.currencies == [Currency(code: "BOB", name: "Bolivian boliviano", symbol: nil)])
        #expect(bolivia.languages.map(\.code) == ["aym", "spa"])
        #expect(bolivia.borders == ["ARG", "BRA"])
    }

    @Test("a country that does not decode is left out and logged, the rest are kept")
    func undecodableCountryIsSkipped() async throws {
        let list = #"[{"name":{"common":"Japan","official":"Japan"},"cca2":"JP","cca3":"JPN"},{"name":"broken","cca3":"XXX"},42]"#
        mock.register(.get, allURL(fields: listFields), with: .text(list))
        mock.register(.get, allURL(fields: extraFields), with: .text("[]"))

        let countries = try await worker().countries()

        #expect(countries.map(\.code) == ["JPN"])
        #expect(logbook.entries.count == 2)
    }

    @Test("HTTP errors become serviceUnavailable with their status", arguments: [400, 404, 429, 500, 503])
    func httpStatus(status: Int) async {
        mock.register(.get, allURL(fields: listFields), with: .text("oops", status: status))
        await #expect(throws: CountryFizzle.serviceUnavailable(status: status)) {
            try await worker().countries()
        }
        #expect(logbook.entries.count == 1)
        #expect(logbook.entries.first?.error.contains("\(status)") == true)
    }

    @Test("a server slower than the timeout gives .timeout")
    func timeout() async {
        mock.register(.get, allURL(fields: listFields), with: .text("[]").delayed(by: .seconds(2)))
        await #expect(throws: CountryFizzle.timeout) {
            try await worker(timeout: .milliseconds(200)).countries()
        }
    }

    @Test("no connection gives .offline", arguments: [URLError.Code.notConnectedToInternet, .cannotFindHost, .networkConnectionLost])
    func offline(code: URLError.Code) async {
        mock.register(.get, allURL(fields: listFields), with: .failure(code))
        await #expect(throws: CountryFizzle.offline) {
            try await worker().countries()
        }
    }

    @Test("malformed, truncated or wrongly shaped JSON gives .unreadableResponse", arguments: [
        "<html>Service down</html>", #"[{"name":{"common":"Japan","#, #"{"status":404}"#, "",
    ])
    func unreadable(body: String) async {
        mock.register(.get, allURL(fields: listFields), with: .text(body))
        await #expect(throws: CountryFizzle.unreadableResponse) {
            try await worker().countries()
        }
        #expect(!logbook.entries.isEmpty)
    }

    @Test("an empty list is unreadable: the API always knows some country")
    func emptyList() async {
        mock.register(.get, allURL(fields: listFields), with: .text("[]"))
        mock.register(.get, allURL(fields: extraFields), with: .text("[]"))
        await #expect(throws: CountryFizzle.unreadableResponse) {
            try await worker().countries()
        }
        #expect(logbook.entries.map(\.error) == ["the service answered an empty country list"])
    }

    @Test("a failing second request fails the whole list")
    func failingExtras() async throws {
        mock.register(.get, allURL(fields: listFields), with: .data(try sampleData()))
        mock.register(.get, allURL(fields: extraFields), with: .status(502))
        await #expect(throws: CountryFizzle.serviceUnavailable(status: 502)) {
            try await worker().countries()
        }
    }

    @Test("one country by code, from the array the API answers")
    func countryByCode() async throws {
        let sample = try JSONSerialization.jsonObject(with: try sampleData()) as? [[String: Any]] ?? []
        let korea = try #require(sample.first { $0["cca3"] as? String == "KOR" })
        let body = try JSONSerialization.data(withJSONObject: [korea])
        mock.register(.get, "https://countries.test/v3.1/alpha/KOR", with: .data(body))

        let country = try await worker().country(code: "kor")

        #expect(country.code == "KOR")
        #expect(country.borders == ["PRK"])
        #expect(country.currencies.map(\.code) == ["KRW"])
    }

    @Test("an unknown code is notFound")
    func unknownCode() async {
        mock.register(.get, "https://countries.test/v3.1/alpha/ZZZ", with: .text(#"{"status":404,"message":"Not Found"}"#, status: 404))
        await #expect(throws: CountryFizzle.notFound(code: "ZZZ")) {
            try await worker().country(code: "ZZZ")
        }
    }

    @Test("a code that is not two or three letters is notFound without a request", arguments: ["", "K", "KORE", "../all", "K%2F", "한국"])
    func hostileCode(code: String) async {
        await #expect(throws: CountryFizzle.notFound(code: code.uppercased())) {
            try await worker().country(code: code)
        }
        #expect(mock.requests.isEmpty)
    }

    @Test("an answer without the country asked for is notFound, an undecodable one unreadable")
    func wrongAnswer() async {
        mock.register(.get, "https://countries.test/v3.1/alpha/KOR", with: .text(#"[{"name":{"common":"Japan","official":"Japan"},"cca2":"JP","cca3":"JPN"}]"#))
        mock.register(.get, "https://countries.test/v3.1/alpha/PRK", with: .text(#"[{"cca3":"PRK"}]"#))
        await #expect(throws: CountryFizzle.notFound(code: "KOR")) {
            try await worker().country(code: "KOR")
        }
        await #expect(throws: CountryFizzle.unreadableResponse) {
            try await worker().country(code: "PRK")
        }
    }

    @Test("a single object instead of an array is accepted")
    func singleObject() async throws {
        mock.register(.get, "https://countries.test/v3.1/alpha/JP", with: .text(#"{"name":{"common":"Japan","official":"Japan"},"cca2":"JP","cca3":"JPN"}"#))
        let country = try await worker().country(code: "jp")
        #expect(country.code == "JPN")
    }
}
