import AuthenticatorDomain
import Foundation
import Keel

/// The form editing a saved account: its names, note and tags (never its
/// secret or parameters). A view state without a view model (article 004).
public struct AccountEditState: Equatable, Sendable {
    /// The account edited.
    public let id: AccountID
    /// The issuer.
    public var issuer: String
    /// The account name.
    public var name: String
    /// The note.
    public var note: String
    /// The tags, separated by commas ("work, personal").
    public var tags: String
    /// What is wrong with the form, after ``validate()``.
    public private(set) var message: LocalizedText?

    /// The form showing `saved`.
    public init(_ saved: SavedAccount) {
        id = saved.id
        issuer = saved.account.issuer
        name = saved.account.name
        note = saved.account.note
        tags = saved.tags.joined(separator: ", ")
    }

    /// The tags typed, trimmed, without empty ones.
    public var tagList: [String] {
        tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The edit the form describes, or `nil` with ``message`` saying why not.
    public mutating func validate() -> AccountEdit? {
        let issuer = issuer.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if issuer.isEmpty && name.isEmpty {
            message = "Enter the service or the account name (or both)."
        } else if issuer.contains(":") {
            message = "The service cannot contain a colon (“:”)."
        } else {
            message = nil
        }
        return message == nil ? AccountEdit(issuer: issuer, name: name, note: note) : nil
    }

    /// Validates and saves the form (names, note, then tags) through the
    /// container; returns the message instead when it is invalid or saving failed.
    public mutating func apply(to service: any Serving) async -> LocalizedText? {
        guard let edit = validate() else { return message }
        do throws(VaultFizzle) {
            try await service.editAccountAction(id, edit)
            try await service.tagAccountAction(id, tagList)
            return nil
        } catch {
            message = error.message
            return message
        }
    }
}
