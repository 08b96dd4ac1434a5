import CountriesApp
import CountriesDomain
import CountriesPresentation
import Keel
import SwiftUI

/// The details screen of one country: each state of the load (progress with
/// cancel, failure with retry, the facts), the neighbours as links pushed on
/// the scene's path, and the flag sheet, which is the scene's routing state.
///
/// Its view model comes from the scene (``CountriesScene/details(of:)``),
/// which keeps one per country on the stack: this view is made again at every
/// pass of the stack, its view model is not.
struct CountryDetailsScreen: View {
    let model: CountryDetailsViewModel

    var body: some View {
        content
            .navigationTitle(model.facts?.name ?? model.code)
            .toolbar {
                if model.facts != nil {
                    Button {
                        model.send(.showFlag)
                    } label: {
                        Image(systemName: "flag")
                    }
                    .accessibilityLabel("Show the flag")
                }
            }
            .sheet(isPresented: flagSheetShown) {
                if let facts = model.facts {
                    FlagSheet(flag: facts.flag, name: facts.name) { model.send(.hideFlag) }
                }
            }
            .onAppear { model.send(.appeared) }
    }

    @ViewBuilder private var content: some View {
        switch model.details.state {
        case .notRequested, .loading(last: nil):
            LoadingView(title: "Loading \(model.code)…") { model.send(.cancel) }
        case .loading:
            VStack {
                LoadingView(title: "Updating…") { model.send(.cancel) }
                facts
            }
        case .loaded:
            facts
        case .failed(let error, last: nil):
            FailureView(message: error.message, retry: model.canRetry ? { model.send(.reload) } : nil)
        case .failed(let error, last: _):
            VStack {
                FailureView(message: error.message, retry: model.canRetry ? { model.send(.reload) } : nil)
                facts
            }
        }
    }

    @ViewBuilder private var facts: some View {
        if let facts = model.facts {
            CountryFactsView(facts: facts)
        }
    }

    /// Whether the flag sheet is shown: the scene's routing state, so that a
    /// deep link or another window's state restores it; dismissing it hides it.
    private var flagSheetShown: Binding<Bool> {
        Binding(
            get: { model.isFlagSheetShown },
            set: { isShown in model.send(isShown ? .showFlag : .hideFlag) })
    }
}

#if DEBUG
#Preview("Details") {
    RaftPreview { scene in
        NavigationStack {
            CountryDetailsScreen(model: scene.details(of: "KOR"))
        }
    }
}

#Preview("Details, not found") {
    RaftPreview { scene in
        NavigationStack {
            CountryDetailsScreen(model: scene.details(of: "XXX"))
        }
    }
}

#Preview("Loading") {
    LoadingView(title: "Updating…") {}
}

#Preview("Failure") {
    FailureView(message: "The web service cannot be reached.") {}
}
#endif
