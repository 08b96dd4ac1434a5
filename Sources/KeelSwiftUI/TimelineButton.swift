#if canImport(SwiftUI)
import Keel
import KeelTimeline
import SwiftUI

/// A button that shows the ``TimelineViewer`` in a sheet: put it in a debug
/// build's toolbar or menu.
///
/// <!-- snippet: Examples/Countries/CountriesApp.swiftpm/Sources/Root/RootView.swift#timelineButton -->
/// ```swift
/// .toolbar {
///     #if DEBUG
///     if let timelineViewer {
///         TimelineButton(model: timelineViewer)
///     }
///     #endif
/// }
/// ```
public struct TimelineButton: View {
    private let model: TimelineViewModel
    @State private var isShown = false

    /// Creates the button of the viewer of `model`.
    public init(model: TimelineViewModel) {
        self.model = model
    }

    public var body: some View {
        Button {
            isShown = true
        } label: {
            Label("Timeline", systemImage: "clock.arrow.circlepath")
        }
        // snippet.timelineSheet
        .sheet(isPresented: $isShown) {
            TimelineViewer(model: model)
        }
        // snippet.end
    }
}
#endif
