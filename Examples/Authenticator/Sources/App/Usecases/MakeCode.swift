import AuthenticatorDomain
import Foundation

extension Vessel {
    public var makeCodeAction: MakeCodeUsecase { makeCode }

    /// Action: the code of `account` at `moment`, the time offset of the settings applied.
    func makeCode(_ account: Account, _ moment: Date) -> OneTimeCode {
        let offset = store.readOnly.read { $0.settings.timeOffset }
        return codes.code(for: account, at: moment.addingTimeInterval(TimeInterval(offset)))
    }
}
