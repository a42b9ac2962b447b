import GridModel
