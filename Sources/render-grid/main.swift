print("render-grid")
