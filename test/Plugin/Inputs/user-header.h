/* A header of the user's, for test/Plugin/depfile.c. */
#define SCALE 0.5
