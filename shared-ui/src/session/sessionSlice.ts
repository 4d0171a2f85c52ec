import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '../api/contract';

export interface SessionUser {
  email: string;
  displayName: string | null;
  photoURL: string | null;
}

/** 'student' = signed in with neither admin nor instructor role (docs/product.md §1). */
export type SessionRole = Role | 'student';

export interface SessionState {
  /** 'loading' until the auth provider reports, and while the token and role are fetched. */
  status: 'loading' | 'signedIn' | 'signedOut';
  user: SessionUser | null;
  role: SessionRole | null;
}

const initialState: SessionState = { status: 'loading', user: null, role: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionLoading(state) {
      state.status = 'loading';
    },
    signedIn(state, action: PayloadAction<{ user: SessionUser; role: SessionRole }>) {
      state.status = 'signedIn';
      state.user = action.payload.user;
      state.role = action.payload.role;
    },
    /** Profile change (register sets name and photo after the account exists). */
    profileUpdated(state, action: PayloadAction<Partial<Pick<SessionUser, 'displayName' | 'photoURL'>>>) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    signedOut() {
      return { status: 'signedOut' as const, user: null, role: null };
    },
  },
  selectors: {
    selectSession: (state) => state,
    selectUser: (state) => state.user,
    selectRole: (state) => state.role,
    selectSessionStatus: (state) => state.status,
  },
});

export const { sessionLoading, signedIn, profileUpdated, signedOut } = sessionSlice.actions;
export const { selectSession, selectUser, selectRole, selectSessionStatus } = sessionSlice.selectors;
