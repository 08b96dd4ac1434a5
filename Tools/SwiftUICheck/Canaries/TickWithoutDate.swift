// expect: cannot convert value of type 'TimelineViewDefaultContext'
// A timeline that sends its whole context where the list's `.tick` needs
// the context's `date`.
import AuthenticatorDomain
import AuthenticatorPresentation
import SwiftUI

struct TickWithoutDateCanary: View {
    let model: AccountListViewModel

    var body: some View {
        TimelineView(.periodic(from: CodeTicks.start, by: CodeTicks.interval)) { context in
            Text("\(model.rows.count) codes")
                .onChange(of: context.date) {
                    model.send(.tick(context))
                }
        }
    }
}
