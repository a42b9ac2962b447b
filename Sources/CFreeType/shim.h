#include <ft2build.h>
#include FT_FREETYPE_H

/* Function-like macros do not import into Swift. */
static inline int rg_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
static inline FT_Int32 rg_ft_load_render(void) { return FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL; }
static inline FT_Int32 rg_ft_load_default(void) { return FT_LOAD_DEFAULT; }
