/// A short, developer-facing description of a decoding failure.
extension DecodingError {
    /// Says what failed and where, such as
    /// `key "name" not found at [0].capital`.
    package var summary: String {
        switch self {
        case let .typeMismatch(type, context):
            return "type mismatch: expected \(type) at \(DecodingError.path(context.codingPath)): \(context.debugDescription)"
        case let .valueNotFound(type, context):
            return "value not found: expected \(type) at \(DecodingError.path(context.codingPath)): \(context.debugDescription)"
        case let .keyNotFound(key, context):
            return "key \"\(key.stringValue)\" not found at \(DecodingError.path(context.codingPath))"
        case let .dataCorrupted(context):
            return "data corrupted at \(DecodingError.path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: self)
        }
    }

    /// A coding path written like `[0].capital`, or `(root)` when empty.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "(root)" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
