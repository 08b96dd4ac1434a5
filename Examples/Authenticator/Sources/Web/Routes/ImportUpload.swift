import AuthenticatorDomain
import Foundation
import Hummingbird
import KeelWeb

/// The import form as sent: a URL-encoded paste, or a `multipart/form-data`
/// upload with a file. Both are read up to ``AuthenticatorLimits/maximumUpload``
/// (a 413 beyond); anything malformed is a 400.
struct ImportUpload: Sendable, RedactedDescription {
    let tab: String
    let token: String
    let format: String
    let password: String
    /// The pasted text, or the file's contents when a file was chosen.
    let data: Data

    static func read(_ request: Request) async throws -> ImportUpload {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: AuthenticatorLimits.maximumUpload)
        } catch {
            throw PageError(.contentTooLarge, message: "The file is too large to import (at most \(AuthenticatorLimits.maximumUpload / 1024) KB).")
        }
        let contentType = request.headers[.contentType] ?? ""
        var fields: [String: Data] = [:]
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            struct Pasted: Decodable {
                let tab: String
                let token: String
                let format: String
                let password: String?
                let text: String?
            }
            guard let pasted = try? URLEncodedFormDecoder().decode(Pasted.self, from: String(buffer: body)) else {
                throw PageError(.badRequest, message: "The form could not be read.")
            }
            fields = ["tab": Data(pasted.tab.utf8), "token": Data(pasted.token.utf8), "format": Data(pasted.format.utf8),
                      "password": Data((pasted.password ?? "").utf8), "text": Data((pasted.text ?? "").utf8)]
        } else if contentType.hasPrefix("multipart/form-data"), let boundary = Self.boundary(of: contentType) {
            guard let parts = Multipart.fields(of: Data(buffer: body), boundary: boundary) else {
                throw PageError(.badRequest, message: "The upload could not be read.")
            }
            fields = parts
        } else {
            throw PageError(.unsupportedMediaType, message: "Imports are sent as a form.")
        }
        func text(_ name: String) -> String { fields[name].flatMap { String(data: $0, encoding: .utf8) } ?? "" }
        let file = fields["file"] ?? Data()
        return ImportUpload(
            tab: text("tab"), token: text("token"), format: text("format"), password: text("password"),
            data: file.isEmpty ? Data(text("text").utf8) : file)
    }

    private static func boundary(of contentType: String) -> String? {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        let value = contentType[range.upperBound...].split(separator: ";").first.map(String.init) ?? ""
        let boundary = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        return boundary.isEmpty || boundary.count > 70 ? nil : boundary
    }
}
