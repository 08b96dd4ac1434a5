import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Testing

/// Compares our codes with pyotp's on thousands of random cases
/// (Scripts/make-otp-fixture.py writes the fixture).
@Suite("Differential: our codes against pyotp's")
struct DifferentialTests {
    struct Fixture: Decodable {
        let generator: String
        let cases: [Case]
    }

    struct Case: Decodable {
        let kind: String
        let secret: String
        let algorithm: String
        let digits: Int
        let period: Int?
        let time: String?
        let counter: String?
        let code: String
    }

    static func fixture() throws -> Fixture {
        let url = try #require(Bundle.module.url(forResource: "otp-differential", withExtension: "json",
                                                 subdirectory: "Fixtures"))
        return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }

    @Test("Every case of the fixture gives pyotp's code")
    func everyCase() throws {
        let fixture = try Self.fixture()
        #expect(fixture.cases.count >= 3000)
        #expect(fixture.generator.hasPrefix("pyotp"))
        var kinds: Set<String> = []
        for (index, item) in fixture.cases.enumerated() {
            let algorithm = try #require(OTPAlgorithm(rawValue: item.algorithm.lowercased()))
            let secret = Secret(bytes: try Base32.decode(item.secret))
            kinds.insert("\(item.kind) \(algorithm) \(item.digits)")
            let code: String
            switch item.kind {
            case "hotp":
                let counterText = try #require(item.counter)
                let counter = try #require(UInt64(counterText))
                code = OTPGenerator.hotp(secret: secret, algorithm: algorithm, digits: item.digits, counter: counter)
            default:
                let timeText = try #require(item.time)
                let time = try #require(UInt64(timeText))
                let period = try #require(item.period)
                let account = Account(
                    issuer: "", name: "case \(index)", secret: secret,
                    parameters: try OTPParameters(algorithm: algorithm, digits: item.digits, period: period))
                code = OTPCodeWorker().code(for: account, at: Date(timeIntervalSince1970: Double(time))).text
            }
            #expect(code == item.code, "case \(index)")
        }
        #expect(kinds.count == 18)
    }
}
