import Foundation

/// Reads the fields of a `multipart/form-data` body (RFC 7578): what the
/// import's upload form sends. Only what a browser sends is read: one value
/// per name, no nested parts.
enum Multipart {
    /// The fields of `body`, by name; `nil` when it is malformed.
    static func fields(of body: Data, boundary: String) -> [String: Data]? {
        let delimiter = Data("--\(boundary)".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var fields: [String: Data] = [:]
        guard var cursor = body.range(of: delimiter)?.upperBound else { return nil }
        while true {
            // After a delimiter: "--" ends the body, "\r\n" starts a part.
            let rest = body[cursor...]
            if rest.starts(with: Data("--".utf8)) { return fields }
            guard rest.starts(with: Data("\r\n".utf8)) else { return nil }
            let partStart = cursor + 2
            guard let headersEnd = body.range(of: headerEnd, in: partStart..<body.endIndex),
                  let next = body.range(of: Data("\r\n".utf8) + delimiter, in: headersEnd.upperBound..<body.endIndex)
            else { return nil }
            let headers = String(decoding: body[partStart..<headersEnd.lowerBound], as: UTF8.self)
            guard let name = Self.name(in: headers) else { return nil }
            fields[name] = Data(body[headersEnd.upperBound..<next.lowerBound])
            cursor = next.upperBound
        }
    }

    /// The `name` of a part's `Content-Disposition` header.
    private static func name(in headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            guard let start = line.range(of: "name=\"") else { return nil }
            let rest = line[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<end])
        }
        return nil
    }
}
