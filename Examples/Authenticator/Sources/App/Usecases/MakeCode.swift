import AuthenticatorDomain
import Foundation

extension Vessel {
    public var makeCodeAction: MakeCodeUsecase { makeCode }

    func makeCode(_ account: Account, _ moment: Date) -> OneTimeCode {
        let offset = store.readOnly.read { $0.settings.timeOffset }
        return codes.code(for: account, at: moment.addingTimeInterval(TimeInterval(offset)))
    }
}
