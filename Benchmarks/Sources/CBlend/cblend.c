/* The one copy of the C blend lives in the main package, where `segue bench` embeds it. */
#include "../../../Sources/SegueCBlend/cblend.c"
