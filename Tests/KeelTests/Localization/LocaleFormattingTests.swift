import Foundation
import Testing

@Suite("Numbers and dates in the reader's locale")
struct LocaleFormattingTests {
    @Test("Foundation formats numbers and dates for a locale on every platform (ICU on Linux)")
    func formatting() {
        // snippet.formatting
        let language = "ko"  // the catalog's language for this reader
        let locale = Locale(identifier: language)
        let utc = TimeZone(identifier: "UTC")!
        let day = Date(timeIntervalSince1970: 1_700_000_000)

        #expect(1_234_567.formatted(.number.locale(locale)) == "1,234,567")
        #expect(0.25.formatted(.percent.locale(locale)) == "25%")
        #expect(day.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: utc)) == "2023년 11월 14일")
        // snippet.end
        let english = Locale(identifier: "en")
        #expect(day.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: english, timeZone: utc)) == "November 14, 2023")
        #expect(1_234_567.formatted(.number.locale(Locale(identifier: "de"))) == "1.234.567")
    }
}
