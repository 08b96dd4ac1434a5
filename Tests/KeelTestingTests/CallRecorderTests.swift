import KeelTesting
import Testing

@Suite("CallRecorder verifies the calls a mock worker received", .timeLimit(.minutes(1)))
struct CallRecorderTests {
    enum Call: Equatable, Sendable {
        case countries
        case details(code: String)
    }

    @Test("the expected calls pass and are consumed")
    func expectedCalls() {
        let recorder = CallRecorder<Call>()
        recorder.record(.countries)
        recorder.record(.details(code: "KOR"))
        #expect(recorder.calls == [.countries, .details(code: "KOR")])
        recorder.expect([.countries, .details(code: "KOR")])
        recorder.expectNoCalls()
    }

    @Test("different calls fail, showing both lists")
    func differentCallsFail() {
        let recorder = CallRecorder<Call>()
        recorder.record(.details(code: "FRA"))
        withKnownIssue {
            recorder.expect([.details(code: "KOR")])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("KOR") && text.contains("FRA")
        }
        recorder.record(.countries)
        withKnownIssue {
            recorder.expectNoCalls()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("countries")
        }
    }

    @Test("calls from concurrent tasks are all recorded")
    func concurrentCalls() async {
        let recorder = CallRecorder<Call>()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { recorder.record(.countries) } }
        }
        #expect(recorder.calls.count == 50)
    }
}
