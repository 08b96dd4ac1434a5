import Foundation
import Keel

/// How numbers are written on screen, the same on every platform.
public enum Formatting {
    /// A count with thousands separators: 51780579 → "51,780,579".
    public static func count(_ value: Int) -> String {
        grouped(String(value.magnitude), negative: value < 0)
    }

    /// An area in square kilometres: 100210 → "100,210 km²"; nil or
    /// negative → "unknown", in the reader's language.
    public static func area(_ value: Double?) -> LocalizedText {
        guard let value, value.isFinite, value >= 0 else { return "unknown" }
        let rounded = value.rounded()
        if rounded == value || value >= 100 {
            return .verbatim(grouped(String(Int(rounded)), negative: false) + " km²")
        }
        return .verbatim(String(format: "%.1f km²", value))
    }

    private static func grouped(_ digits: String, negative: Bool) -> String {
        var result = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (negative ? "-" : "") + String(result.reversed())
    }
}
